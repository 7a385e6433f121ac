// POST /api/estimate: the cost of a report on the configured language model, shown by the upload form.
import { z } from 'zod';
import { messages } from '../messages.ts';
import { GITHUB_URL_RE, isValidGithubToken } from './reports.ts';

/** Entries of a listing the estimate accepts: the archive's own entry limit. */
export const MAX_ESTIMATE_FILES = 100_000;
export const MAX_ESTIMATE_PATH = 1024;

export const EstimateBodySchema = z.object({
  /** The template's YAML, when one is chosen; the generic template's size otherwise. */
  template: z
    .string()
    .max(256 * 1024)
    .optional(),
  /**
   * The ZIP's listing (its central directory, read in the browser): each entry's path and
   * uncompressed size. Far closer than the archive's size alone; the server picks the product
   * sources from it as analysis will.
   */
  files: z
    .array(
      z.tuple([
        z.string().min(1).max(MAX_ESTIMATE_PATH),
        z
          .number()
          .int()
          .min(0)
          .max(2 ** 40),
      ]),
    )
    .max(MAX_ESTIMATE_FILES, `An archive may list at most ${MAX_ESTIMATE_FILES.toLocaleString('en')} files.`)
    .optional(),
  /**
   * A GitHub repository instead of a ZIP: the server reads its file listing (paths and sizes) from
   * GitHub's tree API, with the token when one is given, and downloads nothing else.
   */
  github: z
    .object({
      url: z.string().trim().max(500).regex(GITHUB_URL_RE, messages.validation.githubUrlInvalid),
      token: z
        .string()
        .trim()
        .max(255)
        .refine(isValidGithubToken, messages.validation.githubTokenInvalid)
        .optional(),
    })
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
    /**
     * What the estimate rests on: the code base's listing (a ZIP's central directory or GitHub's
     * tree), the archive's size alone, or a typical code base when neither is known.
     */
    basis: z.enum(['listing', 'archive-size', 'typical']).optional(),
  }),
]);
export type Estimate = z.infer<typeof EstimateSchema>;
