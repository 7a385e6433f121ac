// The reports module's side of the language model: the AI_* settings validated once, the per-user
// model-response cache on the database (table model_cache), and the cost estimate the upload form
// shows. The key stays in the server's environment: nothing here returns or logs it.
import {
  aiConfigFromEnv,
  EngineError,
  estimateFromListing,
  estimateReport,
  listGithub,
  isModelConfigured,
  parseTemplate,
  type AiConfig,
  type ModelCache,
  type ReportEstimate,
  type ReportTemplate,
} from '@atr/engine';
import { createHash } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import type { EngineMode } from './repository.ts';

/** The engine's AI config from the server config (throws at start-up naming a bad AI_* variable). */
export function aiConfigOf(config: Config): AiConfig {
  const env: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(config)) if (k.startsWith('AI_') && v !== undefined) env[k] = String(v);
  return aiConfigFromEnv(env);
}

/** The model cache of one user, on the database. */
export function modelCacheFor(db: Database, userId: string): ModelCache {
  return {
    async get(key) {
      const rows = await db.query<{ value: string }>(
        'SELECT value FROM model_cache WHERE user_id = $1 AND key = $2',
        [userId, key],
      );
      return rows[0]?.value;
    },
    async set(key, value) {
      await db.query(
        `INSERT INTO model_cache (user_id, key, value) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, key) DO UPDATE SET value = EXCLUDED.value, created_at = now()`,
        [userId, key, value],
      );
    },
  };
}

export async function clearModelCache(db: Database, userId: string): Promise<number> {
  const rows = await db.query('DELETE FROM model_cache WHERE user_id = $1 RETURNING key', [userId]);
  return rows.length;
}

/** What the worker adds to the engine's context: the AI settings and this user's cache. */
export function aiContext(
  config: Config,
  db: Database,
  userId: string,
): { ai?: AiConfig; modelCache?: ModelCache } {
  const ai = aiConfigOf(config);
  return isModelConfigured(ai) ? { ai, modelCache: modelCacheFor(db, userId) } : {};
}

/** Whether reports run now are written offline or by a language model (their durations differ widely). */
export function engineModeOf(config: Config): EngineMode {
  return isModelConfigured(aiConfigOf(config)) ? 'model' : 'offline';
}

// Without the archive's listing, the estimate assumes a typical compression ratio and file size.
const ZIP_RATIO = 3;
const AVG_FILE_BYTES = 4000;
const DEFAULT_FILES = 200;

export type EstimateResult =
  | { enabled: false; provider: 'offline' }
  | ({ enabled: true; model: string; basis: 'listing' | 'archive-size' | 'typical' } & ReportEstimate);

/**
 * The estimate for an upload: the template's entries and the code base's listing (paths and sizes:
 * a ZIP's central directory read in the browser, or GitHub's tree) or, without one, the archive's
 * size, or a typical code base. The route passes the template already read (off the event loop, by the
 * template reader); text is parsed here.
 */
export function estimateUpload(
  config: Config,
  input: {
    template?: string | ReportTemplate | undefined;
    files?: [string, number][] | undefined;
    zipBytes?: number | undefined;
  },
): EstimateResult {
  const ai = aiConfigOf(config);
  if (!isModelConfigured(ai)) return { enabled: false, provider: 'offline' };
  const template =
    typeof input.template === 'object'
      ? input.template
      : input.template
        ? parseTemplate(input.template, { maxHeadings: config.TEMPLATE_MAX_HEADINGS })
        : parseTemplate('report_structure:\n' + DEFAULT_TITLES.map((t) => `  - title: ${t}\n`).join(''));
  if (input.files?.length) {
    const listing = input.files.map(([path, size]) => ({ path, size }));
    return {
      enabled: true,
      model: ai.model,
      basis: 'listing',
      ...estimateFromListing(listing, template, ai),
    };
  }
  const count = input.zipBytes
    ? Math.max(1, Math.round((input.zipBytes * ZIP_RATIO) / AVG_FILE_BYTES))
    : DEFAULT_FILES;
  const size = input.zipBytes ? Math.round((input.zipBytes * ZIP_RATIO) / count) : AVG_FILE_BYTES;
  const files = Array.from({ length: Math.min(count, 100_000) }, () => ({ size }));
  return {
    enabled: true,
    model: ai.model,
    basis: input.zipBytes ? 'archive-size' : 'typical',
    ...estimateReport({ files }, template, ai),
  };
}

// GitHub's tree listings, kept a while: an estimate per keystroke must not spend the API's rate limit
const LISTING_TTL_MS = 10 * 60 * 1000;
const LISTING_CACHE_MAX = 200;
const listings = new Map<string, { at: number; files: Promise<[string, number][]> }>();

/**
 * A GitHub repository's listing for the estimate, or undefined when GitHub cannot give it (missing,
 * private without a token, rate limit, unreachable): the estimate then assumes a typical code base.
 */
export async function githubListing(
  config: Config,
  github: { url: string; token?: string | undefined },
  log: { info(o: object, msg: string): void },
  /** Whether GitHub may be asked now (rate limits); asked only when the listing is not kept. */
  mayAsk: () => Promise<boolean> = async () => true,
): Promise<[string, number][] | undefined> {
  // the cache is keyed by the token's presence and a digest of it, never the token itself
  const key = `${config.GITHUB_API_BASE ?? ''}\n${github.url}\n${github.token ? createHash('sha256').update(github.token).digest('hex') : ''}`;
  const now = Date.now();
  let hit = listings.get(key);
  if (!hit || now - hit.at > LISTING_TTL_MS) {
    if (!(await mayAsk())) {
      log.info({}, 'estimate: GitHub listings are rate-limited, a typical size is assumed');
      return undefined;
    }
    const files = listGithub({
      url: github.url,
      ...(github.token ? { token: github.token } : {}),
      ...(config.GITHUB_API_BASE ? { apiBase: config.GITHUB_API_BASE } : {}),
    }).then((list) => list.map((f): [string, number] => [f.path, f.size]));
    hit = { at: now, files };
    listings.set(key, hit);
    if (listings.size > LISTING_CACHE_MAX) listings.delete(listings.keys().next().value!);
  }
  try {
    return await hit.files;
  } catch (e) {
    listings.delete(key);
    if (!(e instanceof EngineError)) throw e;
    log.info({ reason: e.message }, 'estimate: the GitHub listing is unavailable, a typical size is assumed');
    return undefined;
  }
}

/** The generic template's chapters, for an estimate made before a template is chosen. */
const DEFAULT_TITLES = [
  'Executive Summary',
  'Architecture',
  'Technology Stack',
  'Dependencies',
  'API',
  'Configuration',
  'Build and Deployment',
  'Testing',
  'Security',
  'Recommendations',
];
