// The engine's analysis cache for one user: each analysis is a JSON file in the storage
// (analysis-cache/<user>/<content hash>.json), and the table analysis_cache records which, how large and
// how often used. The worker passes it as ctx.analysisCache, POST /api/reports/cache/clear empties it.
// Entries are scoped to the report's owner, so one user's upload never serves another's report. The
// report's own process reads and writes the files itself and asks this process only to look up and
// record keys (lookup, record), so no analysis is parsed or serialised here; an in-process engine (tests)
// uses get and set, which do the same in this process.
import type { AnalysisCache } from '@atr/engine';
import type { Database } from '../../db/index.ts';
import type { Storage } from '../../plugins/storage.ts';
import { readCachedAnalysis } from './artifacts.ts';
import type { StoredAnalysisCache } from './engine-process.ts';
import { reportRepository } from './repository.ts';

/** An analysis larger than this is not cached: a file that big costs more to move than to recompute. */
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
  storage: Storage,
  userId: string,
  options: AnalysisCacheOptions = {},
): AnalysisCache & StoredAnalysisCache {
  const repo = reportRepository(db);
  const maxBytes = options.maxBytes ?? ANALYSIS_CACHE_MAX_BYTES;
  const prefix = `analysis-cache/${userId}/`;
  const record = async (key: string, storageKey: string, bytes: number) => {
    const evicted = await repo.putCachedAnalysisKey(
      userId,
      key,
      storageKey,
      bytes,
      options.maxEntries ?? ANALYSIS_CACHE_ENTRIES_PER_USER,
    );
    await Promise.all(evicted.map((k) => storage.delete(k).catch(() => {})));
  };
  return {
    maxBytes,
    prefix,
    lookup: (key) => repo.takeCachedAnalysisKey(userId, key),
    record,
    async get(key) {
      const storageKey = await repo.takeCachedAnalysisKey(userId, key);
      return storageKey ? readCachedAnalysis(storage, storageKey) : null;
    },
    async set(key, analysis) {
      const json = JSON.stringify(analysis);
      const bytes = Buffer.byteLength(json);
      if (bytes > maxBytes) {
        options.log?.('analysis not cached: larger than the cache limit', { bytes, maxBytes });
        return;
      }
      const storageKey = `${prefix}${key}.json`;
      await storage.put(storageKey, Buffer.from(json));
      await record(key, storageKey, bytes);
    },
  };
}
