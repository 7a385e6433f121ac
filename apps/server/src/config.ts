// Server configuration: every environment variable, validated with zod at start-up. A bad value stops
// the start with a message naming the variable.
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public origin used in e-mail links and payment return URLs; defaults to http://localhost:PORT. */
  SITE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  /** A direct or session-mode connection for LISTEN when DATABASE_URL goes through a pooler in transaction mode. */
  DATABASE_LISTEN_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-* headers (set true only behind a reverse proxy that sets them). */
  TRUST_PROXY: bool.default(false),
  /** Comma-separated origins allowed to call the API cross-origin; empty means same origin only. */
  CORS_ORIGINS: z.string().default(''),
  /** Build the web app with source maps and serve them (they hold its full sources); off by default. */
  WEB_SOURCE_MAPS: bool.default(false),
  /** Run the report worker inside the web process (embedded mode). Set false when running `npm run worker`. */
  WORKER_IN_PROCESS: bool.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  JOBS_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  /** How long a process keeps a user's status and list reads (ms); changes reach it at once by NOTIFY. 0 turns it off. */
  REPORT_CACHE_MS: z.coerce.number().int().min(0).max(600_000).default(60_000),

  // Metrics (README "Metrics"): a Prometheus endpoint on a listener of its own, off when METRICS_PORT is unset.
  /** Port of the metrics listener (GET /metrics); unset turns metrics off. Must differ from PORT. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** Interface of the metrics listener; anything but loopback requires METRICS_TOKEN. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** Bearer token a scrape must send (`Authorization: Bearer …`); required off loopback. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),

  // Auth
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_S: z.coerce.number().int().min(30).max(86_400).default(3600),
  REFRESH_REUSE_INTERVAL_S: z.coerce.number().int().min(0).max(300).default(10),
  AUTH_AUTOCONFIRM: bool.default(false),
  /** How long a process trusts a session it has just checked (ms); 0 checks the database on every call. */
  AUTH_SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(1000),
  AUTH_RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  /** Sign-up and recovery requests per e-mail, and failed sign-ins per IP + e-mail, per window. */
  AUTH_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  /** Failed sign-ins per e-mail from all IPs together, per window (stops guessing spread over many IPs). */
  AUTH_RATE_LIMIT_FAILED_PER_EMAIL: z.coerce.number().int().min(1).default(100),
  AUTH_RATE_LIMIT_WINDOW_S: z.coerce.number().int().min(1).default(300),
  SUPABASE_URL: optionalUrl,
  SUPABASE_JWT_SECRET: z.string().optional(),
  SUPABASE_JWKS_URL: optionalUrl,

  // Mail
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('ATR <no-reply@atr.local>'),

  // Prices (EUR cents)
  PRICE_WORD_CENTS: z.coerce.number().int().min(50).default(499),
  PRICE_LATEX_CENTS: z.coerce.number().int().min(50).default(799),
  CURRENCY: z.string().length(3).default('eur'),

  // Operator facts shown on the legal pages
  OPERATOR_NAME: z.string().default('ATR Technologies S.r.l.'),
  OPERATOR_ADDRESS: z.string().default('Via Roma 1, 20121 Milano (MI), Italy'),
  OPERATOR_VAT: z.string().default('IT00000000000'),
  OPERATOR_EMAIL: z.string().default('support@atr.example'),
  OPERATOR_PHONE: z.string().default('+39 02 0000 0000'),
  OPERATOR_CONTACT_URL: z.string().default('https://atr.example/contact'),
  ABOUT_URL: z.string().default('https://atr.example/about'),
  CONTACT_URL: z.string().default('https://atr.example/contact'),

  // Reports: upload limits (bytes), enforced while streaming (DESIGN.md "Reports")
  UPLOAD_MAX_ZIP_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(200 * 1024 * 1024),
  UPLOAD_MAX_TEMPLATE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(256 * 1024),
  UPLOAD_MAX_IMAGES: z.coerce.number().int().min(0).max(100).default(20),
  UPLOAD_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(10 * 1024 * 1024),
  UPLOAD_MAX_LOGO_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 1024 * 1024),
  /** Largest logo or image accepted, in pixels (width × height); checked from the header before decoding. */
  IMAGE_MAX_PIXELS: z.coerce.number().int().min(1).default(40_000_000),
  /** Reports one user may have waiting or running at once; a further upload is refused until one finishes. */
  USER_MAX_ACTIVE_REPORTS: z.coerce.number().int().min(1).max(1000).default(5),
  /** Bytes one user may keep stored (uploads and generated documents of all their reports). */
  USER_MAX_STORED_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 * 1024 * 1024),
  /** Limits on work: headings (chapters + sections + subsections) per template, refused at upload. */
  TEMPLATE_MAX_HEADINGS: z.coerce.number().int().min(1).default(300),
  /** Time (ms) the server gives one template's YAML in its worker thread; a slower one is refused naming the limit. */
  TEMPLATE_PARSE_LIMIT_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Limits on work: pages per report; a longer report fails with a message saying so. */
  REPORT_MAX_PAGES: z.coerce.number().int().min(1).default(500),
  /** A processing report whose worker has not beaten its heartbeat for this long is recovered by the sweep. */
  REPORT_STALE_SECONDS: z.coerce.number().int().min(5).default(90),
  /** Heap cap (MB) of the process each report run gets; a run that outgrows it ends that process only. */
  JOB_MAX_MEMORY_MB: z.coerce.number().int().min(128).max(65_536).default(2048),
  /** Keep one report process started ahead, its engine loaded, so a run does not wait for it (one idle process). */
  JOB_WARM_PROCESS: bool.default(true),
  /** Wall-clock limit (s) of one report run; a longer run is stopped and the report failed with a message. */
  JOB_TIMEOUT_S: z.coerce.number().int().min(5).max(86_400).default(1800),
  /** Runs per report before a repeatedly interrupted report is marked failed. */
  REPORT_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(3),
  /** GitHub API base for repository downloads (GitHub Enterprise, or a local stand-in in tests). */
  GITHUB_API_BASE: optionalUrl,
  /** Where uploads and reports live: `local` (DATA_DIR/files) or `s3` (an S3-compatible bucket, S3_*). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().optional(),
  /** Origin of an S3-compatible service (MinIO, R2, ...); unset means AWS S3. */
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the URL path rather than the host name (MinIO and most self-hosted stores). */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Folder-like prefix inside the bucket for every key, so one bucket can serve several installs. */
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/,
      'must be a relative path of letters, digits, ".", "_", "-"',
    )
    .optional(),

  // Payments: Stripe when STRIPE_SECRET_KEY is set, the built-in test checkout otherwise. A public
  // deployment without a provider must say PAYMENTS=test (docs/decisions/011).
  /** `stripe` or `test`; derived when unset: stripe with STRIPE_SECRET_KEY, test on a local demo, refused otherwise. */
  PAYMENTS: z.enum(['stripe', 'test']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Override of the Stripe API origin (tests point it at a loopback stand-in). */
  STRIPE_API_BASE: optionalUrl,
  /** A purchase's state is asked of the provider at most once per this many seconds; the recorded state is served in between. */
  PAYMENT_VERIFY_INTERVAL_S: z.coerce.number().int().min(0).max(600).default(5),
  /** Calls to the payment provider (new checkouts, verifications) one user may cause per minute; beyond it, 429. */
  PAYMENT_PROVIDER_CALLS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),

  // Language model for the report agents (README "AI providers"); offline when AI_PROVIDER is unset.
  // The engine validates the combination (a model, a key for hosted APIs) at start-up.
  AI_PROVIDER: z.enum(['offline', 'openai', 'anthropic']).default('offline'),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_MODEL_PLANNER: z.string().optional(),
  AI_MODEL_ANALYST: z.string().optional(),
  AI_MODEL_WRITER: z.string().optional(),
  AI_MODEL_REVIEWER: z.string().optional(),
  AI_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  AI_TIMEOUT_S: z.coerce.number().positive().max(3600).default(120),
  // the engine's DEFAULT_TOKENS_PER_REPORT: the generic template on a 100k-line code base fits
  AI_MAX_TOKENS_PER_REPORT: z.coerce.number().int().min(1).default(800_000),
  /** JSON price table, USD per 1M tokens: {"model": {"input": 2.5, "output": 10}}. */
  AI_PRICES: z.string().optional(),
});

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Why this configuration is a public deployment (a SITE_URL on another host than this machine, or a shared
 * PostgreSQL database), or null for the local demo. A public deployment must not give downloads away silently.
 */
export function publicDeploymentReason(c: {
  SITE_URL?: string | undefined;
  DATABASE_URL?: string | undefined;
}): string | null {
  if (c.SITE_URL && !LOCAL_HOSTS.has(new URL(c.SITE_URL).hostname))
    return `SITE_URL is ${new URL(c.SITE_URL).origin}`;
  if (c.DATABASE_URL) return 'DATABASE_URL is set';
  return null;
}

/** Rules across variables, kept apart from the field list so that list stays one flat object. */
const CheckedConfigSchema = ConfigSchema.superRefine((c, ctx) => {
  if (c.STORAGE_DRIVER === 's3') {
    for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
      if (!c[name])
        ctx.addIssue({ code: 'custom', path: [name], message: 'required when STORAGE_DRIVER=s3' });
    }
  }
  if (c.PAYMENTS === 'stripe' && !c.STRIPE_SECRET_KEY) {
    ctx.addIssue({ code: 'custom', path: ['STRIPE_SECRET_KEY'], message: 'required when PAYMENTS=stripe' });
  }
  if (c.METRICS_PORT === undefined) {
    if (c.METRICS_TOKEN)
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'required when METRICS_TOKEN is set (metrics are off without it)',
      });
  } else {
    if (c.METRICS_PORT !== 0 && c.METRICS_PORT === c.PORT)
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: `must differ from PORT (${c.PORT})` });
    if (!LOCAL_HOSTS.has(c.METRICS_HOST) && !c.METRICS_TOKEN)
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_TOKEN'],
        message: `required when METRICS_HOST is not a loopback address (${c.METRICS_HOST}), so the metrics are never public`,
      });
  }
  const publicReason = publicDeploymentReason(c);
  if (!c.PAYMENTS && !c.STRIPE_SECRET_KEY && publicReason) {
    ctx.addIssue({
      code: 'custom',
      path: ['PAYMENTS'],
      message:
        `no payment provider is configured for a public deployment (${publicReason}), so every paid download would be free. ` +
        'Set STRIPE_SECRET_KEY (and STRIPE_WEBHOOK_SECRET) to take real payments, or PAYMENTS=test to run the built-in test checkout on purpose.',
    });
  }
});

export type Config = z.infer<typeof ConfigSchema> & {
  dataDir: string;
  siteUrl: string;
  /** The payment mode in force: Stripe Checkout, or the built-in test checkout that gives downloads away. */
  payments: 'stripe' | 'test';
};

/** The one start-up warning of test mode; null when real payments are taken. */
export function paymentsWarning(config: Pick<Config, 'payments' | 'PAYMENTS'>): string | null {
  if (config.payments !== 'test') return null;
  const why = config.PAYMENTS === 'test' ? 'PAYMENTS=test' : 'no STRIPE_SECRET_KEY on a local demo';
  return `payments are in test mode (${why}): downloads are given away through the built-in test checkout; set STRIPE_SECRET_KEY to take real payments`;
}

export class ConfigError extends Error {}

/** Parses the environment; throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = CheckedConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    // npm runs workspace scripts inside the workspace; a relative DATA_DIR means the folder npm was started in.
    dataDir: path.resolve(env.INIT_CWD ?? process.cwd(), c.DATA_DIR),
    siteUrl: (c.SITE_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    payments: c.PAYMENTS ?? (c.STRIPE_SECRET_KEY ? 'stripe' : 'test'),
  };
}

/** For entry points: the config, or a clear message and exit code 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
}
