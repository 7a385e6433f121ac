// A per-process copy of the hot, polled reads (GET /api/status/{id} and GET /api/reports), per user.
// Correctness rests on the database telling every process when a user's reports change: a trigger
// NOTIFYs the owner's id on 'report_changes' for any insert, update or delete (0006 migration), and
// this cache forgets that user's entries on the signal. Writes made by this process forget them at
// once, without waiting for the signal. While the notification connection is down nothing is cached,
// and everything is forgotten when it comes back, so a missed signal cannot leave a stale entry.
// The time limit (REPORT_CACHE_MS) bounds memory use and any unforeseen gap; 0 turns caching off.
// See docs/decisions/009-report-read-cache.md.
import type { Database } from '../../db/index.ts';

export const REPORT_CHANGES_CHANNEL = 'report_changes';

interface UserEntry {
  /** Changes on every invalidation; a read that started under another generation is not kept. */
  generation: number;
  values: Map<string, { value: unknown; until: number }>;
}

export interface ReadCacheOptions {
  ttlMs: number;
  /** Users kept at most (least recently read dropped first). */
  maxUsers?: number;
  /** Entries per user at most (status of several reports, several list pages). */
  maxEntriesPerUser?: number;
}

export class ReportReadCache {
  private readonly users = new Map<string, UserEntry>();
  private generations = 0;
  private live = false;
  readonly stats = { hits: 0, misses: 0, invalidations: 0 };
  private readonly ttlMs: number;
  private readonly maxUsers: number;
  private readonly maxEntries: number;

  constructor(options: ReadCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.maxUsers = options.maxUsers ?? 10_000;
    this.maxEntries = options.maxEntriesPerUser ?? 32;
  }

  /** Whether reads are being cached (change notifications are flowing and caching is on). */
  get enabled(): boolean {
    return this.live && this.ttlMs > 0;
  }

  /** The cached value of `key` for `userId`, or `load()`'s, kept unless the user's reports changed meanwhile. */
  async read<T>(userId: string, key: string, load: () => Promise<T>): Promise<T> {
    if (!this.enabled) return load();
    let entry = this.users.get(userId);
    if (entry) {
      const hit = entry.values.get(key);
      if (hit && hit.until > Date.now()) {
        this.stats.hits++;
        // Most recently read users go to the back of the eviction order.
        this.users.delete(userId);
        this.users.set(userId, entry);
        return hit.value as T;
      }
    } else {
      entry = { generation: ++this.generations, values: new Map() };
      this.users.set(userId, entry);
      if (this.users.size > this.maxUsers) this.users.delete(this.users.keys().next().value!);
    }
    this.stats.misses++;
    const generation = entry.generation;
    const value = await load();
    const current = this.users.get(userId);
    if (this.enabled && current && current.generation === generation) {
      current.values.delete(key);
      // Spread over the last quarter of the limit, so entries filled together do not all expire together.
      current.values.set(key, { value, until: Date.now() + this.ttlMs * (0.75 + Math.random() * 0.25) });
      if (current.values.size > this.maxEntries) current.values.delete(current.values.keys().next().value!);
    }
    return value;
  }

  /** Forget everything cached for `userId`, and any read of theirs still in flight. */
  invalidate(userId: string): void {
    this.stats.invalidations++;
    const entry = this.users.get(userId);
    if (entry) {
      entry.generation = ++this.generations;
      entry.values.clear();
    }
  }

  /** Notifications stopped (false) or resumed (true); either way what was cached may be stale. */
  setLive(live: boolean): void {
    this.live = live;
    this.users.clear();
  }

  /** Follows the database's report change notifications; returns the unsubscribe function. */
  follow(db: Database, warn: (message: string) => void = () => {}): Promise<() => Promise<void>> {
    return db.listen(REPORT_CHANGES_CHANNEL, {
      message: (userId) => this.invalidate(userId),
      reset: (live) => this.setLive(live),
      problem: (message) => warn(`${message}; status and list reads go to the database meanwhile`),
    });
  }
}
