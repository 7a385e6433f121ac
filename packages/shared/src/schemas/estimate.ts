// POST /api/estimate: the cost of a report on the configured language model, shown by the upload form.
import { z } from 'zod';

export const EstimateBodySchema = z.object({
  /** The template's YAML, when one is chosen; the generic template's size otherwise. */
  template: z
    .string()
    .max(256 * 1024)
    .optional(),
  /** Size of the ZIP to upload, when known. */
  zipBytes: z
    .number()
    .int()
    .min(0)
    .max(10 * 1024 * 1024 * 1024)
    .optional(),
});
export type EstimateBody = z.infer<typeof EstimateBodySchema>;

const RoleEstimateSchema = z.object({
  model: z.string(),
  requests: z.number(),
  inputTokens: z.number(),
  outputTokens: z.number(),
});

export const EstimateSchema = z.union([
  z.object({ enabled: z.literal(false), provider: z.literal('offline') }),
  z.object({
    enabled: z.literal(true),
    provider: z.string(),
    model: z.string(),
    sections: z.number(),
    roles: z.record(z.string(), RoleEstimateSchema),
    inputTokens: z.number(),
    outputTokens: z.number(),
    totalTokens: z.number(),
    costUsd: z.number().nullable(),
    budgetTokens: z.number(),
    withinBudget: z.boolean(),
    /** Product source files the model reads in full, as signatures, by name only, or not at all. */
    reading: z
      .object({
        full: z.number(),
        signatures: z.number(),
        names: z.number(),
        none: z.number(),
        files: z.number(),
      })
      .optional(),
    /** Sections the budget leaves to the offline writer. */
    offlineSections: z.number().optional(),
  }),
]);
export type Estimate = z.infer<typeof EstimateSchema>;
