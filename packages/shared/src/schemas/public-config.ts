// Operator facts the public site shows (legal pages, footer links) and the upload limits the operator set, which
// the upload form checks in the browser before sending anything; served by GET /api/config.
import { z } from 'zod';

const count = z.number().int().min(0);

/** The operator's upload limits (bytes, or a number of items), the same the server enforces. */
export const UploadLimitsSchema = z.object({
  zipBytes: count,
  templateBytes: count,
  templateHeadings: count,
  logoBytes: count,
  imageBytes: count,
  images: count,
});
export type UploadLimits = z.infer<typeof UploadLimitsSchema>;

export const PublicConfigSchema = z.object({
  operator: z.object({
    name: z.string(),
    address: z.string(),
    vat: z.string(),
    email: z.string(),
    phone: z.string(),
    contactUrl: z.string(),
  }),
  links: z.object({ about: z.string(), contact: z.string() }),
  aiProvider: z.string(),
  limits: UploadLimitsSchema,
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
