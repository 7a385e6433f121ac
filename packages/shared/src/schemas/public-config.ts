// Operator facts the public site shows (legal pages, footer links), served by GET /api/config.
import { z } from 'zod';

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
