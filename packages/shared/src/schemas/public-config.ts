// Operator facts the public site shows (legal pages, footer links), served by GET /api/config.
// Written with zod/mini: every page's footer reads it, and mini keeps zod's full API out of the first load.
import * as z from 'zod/mini';

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
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
