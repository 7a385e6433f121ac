// The server's price table (GET /api/pricing): one table, EUR cents, read by every screen.
import { z } from 'zod';

export const FormatSchema = z.enum(['word', 'latex']);
export type Format = z.infer<typeof FormatSchema>;

export const PriceSchema = z.object({
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  label: z.string(),
  description: z.string(),
});
export type Price = z.infer<typeof PriceSchema>;

export const PricingSchema = z.object({
  word: PriceSchema,
  latex: PriceSchema,
  /** The server runs the built-in test checkout (PAYMENTS=test): no real payments; every payment screen says so. */
  test_mode: z.boolean(),
});
export type Pricing = z.infer<typeof PricingSchema>;
