// Fixed-window rate limits kept in the database (table auth_rate_limits), so every process of a
// scale-out deployment shares the same counters. Keys are hashed: they contain e-mails and IPs.
import crypto from 'node:crypto';
import type { Database } from '../db/index.ts';

export interface RateLimiter {
  /** Counts one hit on `key`; true while the count stays within `limit` in the current window. */
  hit(key: string, limit: number): Promise<boolean>;
  /** True when `key` has already reached `limit` in the current window (does not count). */
  exceeded(key: string, limit: number): Promise<boolean>;
  /** Forgets `key` (e.g. the failed-login counter after a successful sign-in). */
  reset(key: string): Promise<void>;
  /**
   * A hit on `key` for a statement to count itself (see `countHitSql`), so the count is written in the
   * same commit as the statement's own writes.
   */
  inStatement(key: string, limit: number): StatementHit;
}

export interface StatementHit {
  keyHash: string;
  windowS: number;
  limit: number;
}

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('base64url');

/**
 * SQL counting one hit on the hashed key `keyParam` in a window of `windowParam` seconds and returning
 * the new `count`: the limiter's own statement, also usable as a CTE inside another statement.
 */
export function countHitSql(keyParam: string, windowParam: string): string {
  const expired = `r.window_start <= now() - make_interval(secs => ${windowParam})`;
  return `INSERT INTO auth_rate_limits AS r (key, window_start, count) VALUES (${keyParam}, now(), 1)
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN ${expired} THEN 1 ELSE r.count + 1 END,
           window_start = CASE WHEN ${expired} THEN now() ELSE r.window_start END
         RETURNING count`;
}

export function createRateLimiter(db: Database, windowS: number): RateLimiter {
  let calls = 0;
  return {
    async hit(key, limit) {
      // Now and then, drop counters whose window has long passed.
      if (++calls % 200 === 0) {
        await db.query(
          `DELETE FROM auth_rate_limits WHERE window_start < now() - make_interval(secs => $1)`,
          [windowS * 2],
        );
      }
      const rows = await db.query<{ count: number }>(countHitSql('$1', '$2'), [hashKey(key), windowS]);
      return Number(rows[0]?.count ?? 0) <= limit;
    },
    async exceeded(key, limit) {
      const rows = await db.query<{ count: number }>(
        `SELECT count FROM auth_rate_limits WHERE key = $1 AND window_start > now() - make_interval(secs => $2)`,
        [hashKey(key), windowS],
      );
      return Number(rows[0]?.count ?? 0) >= limit;
    },
    async reset(key) {
      await db.query(`DELETE FROM auth_rate_limits WHERE key = $1`, [hashKey(key)]);
    },
    inStatement(key, limit) {
      return { keyHash: hashKey(key), windowS, limit };
    },
  };
}
