// AI provider settings (AI_* variables or the CLI's --ai-* flags), validated with zod. The key is
// part of the config but never of anything describing it: see `describeAi`.

import { z } from 'zod';

export const AI_ROLES = ['planner', 'analyst', 'writer', 'reviewer'] as const;
export type AiRole = (typeof AI_ROLES)[number];

/** USD per one million tokens. */
export const PriceSchema = z.object({ input: z.number().nonnegative(), output: z.number().nonnegative() });
export type Price = z.infer<typeof PriceSchema>;

/**
 * List prices of a few well-known models (USD per 1M tokens), used when AI_PRICES does not name the
 * model. Local models (Ollama and the like) cost nothing. Operators override with AI_PRICES.
 */
export const DEFAULT_PRICES: Record<string, Price> = {
  'gpt-4o': { input: 2.5, output: 10 },
  'gpt-4o-mini': { input: 0.15, output: 0.6 },
  'gpt-4.1': { input: 2, output: 8 },
  'gpt-4.1-mini': { input: 0.4, output: 1.6 },
  'gpt-4.1-nano': { input: 0.1, output: 0.4 },
  'o4-mini': { input: 1.1, output: 4.4 },
  'claude-3-5-haiku-latest': { input: 0.8, output: 4 },
  'claude-3-7-sonnet-latest': { input: 3, output: 15 },
  'claude-sonnet-4-0': { input: 3, output: 15 },
  'claude-opus-4-0': { input: 15, output: 75 },
};

const positiveInt = z.coerce.number().int().positive();

/**
 * The default token budget of one report: the generic template (32 sections) on a 100k-line code
 * base fits with every product file read at least as signatures (packages/engine/BENCHMARKS.md);
 * about $0.40 on gpt-4.1-mini at list prices.
 */
export const DEFAULT_TOKENS_PER_REPORT = 800_000;

export const AiConfigSchema = z
  .object({
    provider: z.enum(['offline', 'openai', 'anthropic']).default('offline'),
    baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    apiKey: z.string().min(1).optional(),
    model: z.string().min(1).optional(),
    models: z.partialRecord(z.enum(AI_ROLES), z.string().min(1)).default({}),
    maxConcurrency: positiveInt.max(64).default(4),
    /** Seconds per request (fractions allowed) before it is abandoned and retried. */
    timeoutS: z.coerce.number().positive().max(3600).default(120),
    maxTokensPerReport: positiveInt.default(DEFAULT_TOKENS_PER_REPORT),
    /** Attempts per request, counting the first. */
    maxAttempts: positiveInt.max(10).default(4),
    prices: z.record(z.string(), PriceSchema).default({}),
    /** Output tokens a writer may use for one section. */
    maxOutputTokens: positiveInt.max(32_000).default(1500),
  })
  .superRefine((c, ctx) => {
    if (c.provider === 'offline') return;
    if (!c.model)
      ctx.addIssue({
        code: 'custom',
        path: ['model'],
        message: `AI_MODEL is required when AI_PROVIDER=${c.provider}`,
      });
    // A local OpenAI-compatible server (Ollama, vLLM…) needs no key; the hosted APIs do.
    if (!c.apiKey && (c.provider === 'anthropic' || !c.baseUrl))
      ctx.addIssue({
        code: 'custom',
        path: ['apiKey'],
        message: `AI_API_KEY is required for ${c.provider} unless AI_BASE_URL points at a server that needs none`,
      });
  });

export type AiConfig = z.infer<typeof AiConfigSchema>;
export type AiConfigInput = z.input<typeof AiConfigSchema>;

export class AiConfigError extends Error {}

/** Builds the config from AI_* environment variables (empty values count as unset). */
export function aiConfigFromEnv(env: Record<string, string | undefined> = process.env): AiConfig {
  const v = (k: string) => (env[k] === undefined || env[k] === '' ? undefined : env[k]);
  const models: Partial<Record<AiRole, string>> = {};
  for (const role of AI_ROLES) {
    const m = v(`AI_MODEL_${role.toUpperCase()}`);
    if (m) models[role] = m;
  }
  return parseAiConfig({
    provider: v('AI_PROVIDER') as AiConfigInput['provider'],
    baseUrl: v('AI_BASE_URL'),
    apiKey: v('AI_API_KEY'),
    model: v('AI_MODEL'),
    models,
    maxConcurrency: v('AI_MAX_CONCURRENCY'),
    timeoutS: v('AI_TIMEOUT_S'),
    maxTokensPerReport: v('AI_MAX_TOKENS_PER_REPORT'),
    prices: parsePrices(v('AI_PRICES')),
  });
}

/** AI_PRICES: a JSON object {"model": {"input": usdPer1M, "output": usdPer1M}}. */
export function parsePrices(json: string | undefined): Record<string, Price> | undefined {
  if (json === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new AiConfigError('AI_PRICES: not valid JSON (expected {"model": {"input": 2.5, "output": 10}})');
  }
  const parsed = z.record(z.string(), PriceSchema).safeParse(raw);
  if (!parsed.success)
    throw new AiConfigError(
      `AI_PRICES: ${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`,
    );
  return parsed.data;
}

/** Validates settings; the error names the AI_* variable and never echoes a value. */
export function parseAiConfig(input: Record<string, unknown>): AiConfig {
  const cleaned = Object.fromEntries(Object.entries(input).filter(([, x]) => x !== undefined));
  const parsed = AiConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const names: Record<string, string> = {
      provider: 'AI_PROVIDER',
      baseUrl: 'AI_BASE_URL',
      apiKey: 'AI_API_KEY',
      model: 'AI_MODEL',
      maxConcurrency: 'AI_MAX_CONCURRENCY',
      timeoutS: 'AI_TIMEOUT_S',
      maxTokensPerReport: 'AI_MAX_TOKENS_PER_REPORT',
      prices: 'AI_PRICES',
      models: 'AI_MODEL_<ROLE>',
    };
    const lines = parsed.error.issues.map(
      (i) => `${names[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`,
    );
    throw new AiConfigError(`Invalid AI configuration: ${lines.join('; ')}`);
  }
  return parsed.data;
}

export function isModelConfigured(
  c: AiConfig | undefined,
): c is AiConfig & { provider: 'openai' | 'anthropic'; model: string } {
  return !!c && c.provider !== 'offline' && !!c.model;
}

/** The model a role uses: its own AI_MODEL_<ROLE>, else AI_MODEL. */
export function modelFor(c: AiConfig, role: AiRole): string {
  return c.models[role] ?? c.model ?? 'offline';
}

export function priceFor(c: AiConfig, model: string): Price | undefined {
  return c.prices[model] ?? DEFAULT_PRICES[model];
}

/** What may be shown or logged about the AI settings: never the key, never the base URL's credentials. */
export function describeAi(c: AiConfig | undefined): { provider: AiConfig['provider']; model?: string } {
  if (!c || c.provider === 'offline') return { provider: 'offline' };
  return { provider: c.provider, ...(c.model ? { model: c.model } : {}) };
}
