// The engine's analysis cache for one user, on the database (table analysis_cache): the worker
// passes it as ctx.analysisCache, POST /api/reports/cache/clear empties it. Entries are scoped to the
// report's owner, so one user's upload never serves another's report.
import type { Analysis, AnalysisCache } from '@atr/engine';
import type { Database } from '../../db/index.ts';
import { reportRepository } from './repository.ts';

/** An analysis larger than this is not cached: a row that big costs more to move than to recompute. */
export const ANALYSIS_CACHE_MAX_BYTES = 20 * 1024 * 1024;
/** Entries kept per user; the least recently used go first. */
export const ANALYSIS_CACHE_ENTRIES_PER_USER = 20;

export interface AnalysisCacheOptions {
  maxBytes?: number;
  maxEntries?: number;
  log?: (message: string, data?: Record<string, unknown>) => void;
}

export function analysisCacheFor(
  db: Database,
  userId: string,
  options: AnalysisCacheOptions = {},
): AnalysisCache {
  const repo = reportRepository(db);
  const maxBytes = options.maxBytes ?? ANALYSIS_CACHE_MAX_BYTES;
  return {
    async get(key) {
      return (await repo.takeCachedAnalysis(userId, key)) as Analysis | null;
    },
    async set(key, analysis) {
      const json = JSON.stringify(analysis);
      const bytes = Buffer.byteLength(json);
      if (bytes > maxBytes) {
        options.log?.('analysis not cached: larger than the cache limit', { bytes, maxBytes });
        return;
      }
      await repo.putCachedAnalysis(
        userId,
        key,
        json,
        bytes,
        options.maxEntries ?? ANALYSIS_CACHE_ENTRIES_PER_USER,
      );
    },
  };
}
