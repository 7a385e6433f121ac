// The reports module's side of the language model: the AI_* settings validated once, the per-user
// model-response cache on the database (table model_cache), and the cost estimate the upload form
// shows. The key stays in the server's environment: nothing here returns or logs it.
import {
  aiConfigFromEnv,
  estimateFromListing,
  estimateReport,
  isModelConfigured,
  parseTemplate,
  type AiConfig,
  type ModelCache,
  type ReportEstimate,
} from '@atr/engine';
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
  { enabled: false; provider: 'offline' } | ({ enabled: true; model: string } & ReportEstimate);

/**
 * The estimate for an upload: the template's entries and the archive's listing (paths and sizes,
 * read from its central directory in the browser) or, without one, its size alone.
 */
export function estimateUpload(
  config: Config,
  input: {
    template?: string | undefined;
    files?: [string, number][] | undefined;
    zipBytes?: number | undefined;
  },
): EstimateResult {
  const ai = aiConfigOf(config);
  if (!isModelConfigured(ai)) return { enabled: false, provider: 'offline' };
  const template = input.template
    ? parseTemplate(input.template, { maxHeadings: config.TEMPLATE_MAX_HEADINGS })
    : parseTemplate('report_structure:\n' + DEFAULT_TITLES.map((t) => `  - title: ${t}\n`).join(''));
  if (input.files?.length) {
    const listing = input.files.map(([path, size]) => ({ path, size }));
    return { enabled: true, model: ai.model, ...estimateFromListing(listing, template, ai) };
  }
  const count = input.zipBytes
    ? Math.max(1, Math.round((input.zipBytes * ZIP_RATIO) / AVG_FILE_BYTES))
    : DEFAULT_FILES;
  const size = input.zipBytes ? Math.round((input.zipBytes * ZIP_RATIO) / count) : AVG_FILE_BYTES;
  const files = Array.from({ length: Math.min(count, 100_000) }, () => ({ size }));
  return { enabled: true, model: ai.model, ...estimateReport({ files }, template, ai) };
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
