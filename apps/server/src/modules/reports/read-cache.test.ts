// The status/list read cache: never serves what the database has since changed, whoever changed it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDatabase, type Database } from '../../db/index.ts';
import { testDatabases } from '../../test/databases.ts';
import { ReportReadCache } from './read-cache.ts';
import { reportRepository } from './repository.ts';
import { startTestApp, until, type TestApp } from './test-helpers.ts';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('ReportReadCache', () => {
  const live = (options: ConstructorParameters<typeof ReportReadCache>[0]) => {
    const cache = new ReportReadCache(options);
    cache.setLive(true);
    return cache;
  };

  it('answers from memory until the user is invalidated', async () => {
    const cache = live({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.read('u1', 'k', load)).toBe(1);
    expect(await cache.read('u1', 'k', load)).toBe(1);
    expect(await cache.read('u2', 'k', load)).toBe(2);
    cache.invalidate('u1');
    expect(await cache.read('u1', 'k', load)).toBe(3);
    expect(await cache.read('u2', 'k', load)).toBe(2);
  });

  it('does not keep a read that was in flight when the user changed', async () => {
    const cache = live({ ttlMs: 60_000 });
    const slow = deferred<string>();
    const first = cache.read('u', 'k', () => slow.promise);
    cache.invalidate('u');
    slow.resolve('before the change');
    expect(await first).toBe('before the change');
    expect(await cache.read('u', 'k', async () => 'after the change')).toBe('after the change');
  });

  it('caches nothing while notifications are down, and forgets everything when they come back', async () => {
    const cache = live({ ttlMs: 60_000 });
    await cache.read('u', 'k', async () => 'old');
    cache.setLive(false);
    expect(cache.enabled).toBe(false);
    expect(await cache.read('u', 'k', async () => 'a')).toBe('a');
    expect(await cache.read('u', 'k', async () => 'b')).toBe('b');
    cache.setLive(true);
    expect(await cache.read('u', 'k', async () => 'new')).toBe('new');
  });

  it('expires entries and bounds users and entries per user', async () => {
    const cache = live({ ttlMs: 30, maxUsers: 2, maxEntriesPerUser: 2 });
    await cache.read('u', 'k', async () => 1);
    await new Promise((r) => setTimeout(r, 40));
    expect(await cache.read('u', 'k', async () => 2)).toBe(2);
    await cache.read('v', 'k', async () => 'v');
    await cache.read('w', 'k', async () => 'w');
    // u was least recently read: dropped.
    expect(await cache.read('u', 'k', async () => 3)).toBe(3);
    const many = live({ ttlMs: 60_000, maxEntriesPerUser: 2 });
    for (const k of ['a', 'b', 'c']) await many.read('u', k, async () => k);
    expect(await many.read('u', 'a', async () => 'reloaded')).toBe('reloaded');
    expect(await many.read('u', 'c', async () => 'reloaded')).toBe('c');
  });

  it('with a zero time limit, never caches', async () => {
    const cache = live({ ttlMs: 0 });
    let n = 0;
    await cache.read('u', 'k', async () => ++n);
    expect(await cache.read('u', 'k', async () => ++n)).toBe(2);
  });
});

describe.each(testDatabases)('status and list reads through the cache on $name', (t) => {
  let h: TestApp;
  let user: Awaited<ReturnType<TestApp['signUp']>>;
  // Writes from "another process": its own connection pool on PostgreSQL (PGlite has one process only).
  let other: Database;
  let reportId: string;
  const status = async () =>
    (await h.app.inject({ url: `/api/status/${reportId}`, headers: user.auth })).json() as {
      progress: number;
      state: string;
    };
  const listed = async () =>
    (
      (await h.app.inject({ url: '/api/reports?page=1&per_page=10', headers: user.auth })).json() as {
        reports: { id: string; progress: number }[];
      }
    ).reports;

  const insertReport = (id: string, projectName: string) =>
    reportRepository(h.db).insert({
      id,
      userId: user.id,
      projectName,
      projectSource: 'zip',
      templateName: 'generic_template.yaml',
      input: {
        template: { key: 'k', name: 't.yaml', mime: 'application/yaml', size: 1 },
        images: [],
        company: {},
      },
    });

  beforeAll(async () => {
    // A time limit far longer than the test: only notifications can make a change visible.
    h = await startTestApp(t, { REPORT_CACHE_MS: '600000' });
    other = h.url ? await createDatabase({ url: h.url, migrate: false }) : h.db;
    user = await h.signUp();
    reportId = randomUUID();
    await insertReport(reportId, 'Cached');
    await until('notifications to flow', () => h.app.reportCache.enabled);
    // A fence: notifications reach the listener in commit order, so once this write's has been
    // handled, the insert's (if it was sent while listening) can no longer arrive mid-test.
    const seen = h.app.reportCache.stats.invalidations;
    await other.query(`UPDATE reports SET project_name = project_name WHERE id = $1`, [reportId]);
    await until('the fence notification', () => h.app.reportCache.stats.invalidations > seen, 5_000);
  });
  afterAll(async () => {
    if (other !== h.db) await other.close();
    await h.close();
  });

  it('serves repeated polls from memory', async () => {
    await status();
    await listed();
    const before = { ...h.app.reportCache.stats };
    for (let i = 0; i < 5; i++) {
      expect((await status()).progress).toBe(0);
      expect((await listed())[0]!.id).toBe(reportId);
    }
    expect(h.app.reportCache.stats.hits - before.hits).toBe(10);
    expect(h.app.reportCache.stats.misses).toBe(before.misses);
  });

  it('shows a change written elsewhere (a worker) as soon as its notification arrives', async () => {
    expect((await status()).progress).toBe(0);
    await other.query(`UPDATE reports SET step = 'personalizing', progress = 37 WHERE id = $1`, [reportId]);
    await until('progress 37', async () => (await status()).progress === 37, 3_000);
    expect((await listed())[0]!.progress).toBe(37);
    await other.query(
      `UPDATE reports SET status = 'completed', step = 'done', progress = 100 WHERE id = $1`,
      [reportId],
    );
    await until('completed', async () => (await status()).state === 'completed', 3_000);
  });

  it("answers the user's own delete at once: the next list and status no longer show the report", async () => {
    const second = randomUUID();
    await insertReport(second, 'Short-lived');
    await until(
      'the new report in the list',
      async () => (await listed()).some((r) => r.id === second),
      3_000,
    );
    const del = await h.app.inject({ method: 'DELETE', url: `/api/reports/${second}`, headers: user.auth });
    expect(del.statusCode).toBe(200);
    expect((await listed()).some((r) => r.id === second)).toBe(false);
    expect((await h.app.inject({ url: `/api/status/${second}`, headers: user.auth })).statusCode).toBe(404);
  });

  // Only PostgreSQL has a separate notification connection that can drop.
  if (t.name === 'postgres')
    it('reads the database directly while the notification connection is down, then caches again', async () => {
      await status();
      const admin = new pg.Client({ connectionString: h.url });
      await admin.connect();
      try {
        const killed = await admin.query(
          `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN report_changes'`,
        );
        expect(killed.rowCount).toBe(1);
        await until('the cache to stop', () => !h.app.reportCache.enabled, 3_000);
        // Whatever happens while nobody listens is read straight from the database.
        await other.query(`UPDATE reports SET progress = 64 WHERE id = $1`, [reportId]);
        expect((await status()).progress).toBe(64);
        await until('the cache to resume', () => h.app.reportCache.enabled, 5_000);
        await status();
        await other.query(`UPDATE reports SET progress = 65 WHERE id = $1`, [reportId]);
        await until('progress 65', async () => (await status()).progress === 65, 3_000);
      } finally {
        await admin.end();
      }
    });
});

// A pooler in transaction mode accepts LISTEN and never delivers. Modelled here by listening on another
// database of the same server: notifications sent through the pool can never arrive.
describe.each(testDatabases.filter((d) => d.name === 'postgres'))(
  'notifications that never arrive on $name',
  (t) => {
    it('are detected by the start-up probe: nothing is cached, one warning names DATABASE_LISTEN_URL', async () => {
      const main = await t.create();
      const elsewhere = await t.create();
      const db = await createDatabase({ url: main.url!, listenUrl: elsewhere.url!, migrate: false });
      const cache = new ReportReadCache({ ttlMs: 600_000 });
      const warnings: string[] = [];
      try {
        const started = Date.now();
        const unfollow = await cache.follow(db, (m) => warnings.push(m));
        expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
        expect(cache.enabled).toBe(false);
        let loads = 0;
        await cache.read('u', 'k', async () => ++loads);
        expect(await cache.read('u', 'k', async () => ++loads)).toBe(2);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(
          /did not arrive .*DATABASE_LISTEN_URL.*status and list reads go to the database/,
        );
        await unfollow();
      } finally {
        await db.close();
        await elsewhere.drop();
        await main.drop();
      }
    });
  },
);
