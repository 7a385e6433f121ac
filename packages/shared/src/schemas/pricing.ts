// The two paid formats of a report (word, latex); the price table itself is in price-table.ts.
import { z } from 'zod';

export const FormatSchema = z.enum(['word', 'latex']);
export type Format = z.infer<typeof FormatSchema>;
