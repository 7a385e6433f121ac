// The analysis cache on both databases: the worker's second report of an unchanged ZIP reuses the
// owner's cached analysis (hit counted, recorded in trace.json), another user never sees it, cache/clear
// empties it for the caller only, and oversized analyses and old entries are not kept. Each analysis is
// a file in the storage, written by the report's own process; the table records its key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis } from '@atr/engine';
import { testDatabases } from '../../test/databases.ts';
import { workerDeps } from '../../worker-runtime.ts';
import { analysisCacheFor } from './analysis-cache.ts';
import { runReportJob, type WorkerDeps } from './worker.ts';
import {
  multipartBody,
  SAMPLE_APP_DIR,
  standardUpload,
  startTestApp,
  zipDirectory,
  type TestApp,
} from './test-helpers.ts';

interface CacheRow {
  content_hash: string;
  hits: number;
  size_bytes: number;
  storage_key: string | null;
}

describe.each(testDatabases)('analysis cache on $name', (t) => {
  let ctx: TestApp;
  let deps: WorkerDeps;
  let zip: Buffer;
  let alice: Awaited<ReturnType<TestApp['signUp']>>;
  let bob: Awaited<ReturnType<TestApp['signUp']>>;

  beforeAll(async () => {
    ctx = await startTestApp(t);
    deps = workerDeps(ctx.app, { heartbeatMs: 1000, progressWriteMs: 0 });
    zip = await zipDirectory(SAMPLE_APP_DIR);
    alice = await ctx.signUp();
    bob = await ctx.signUp();
  }, 60_000);
  afterAll(async () => ctx?.close());

  /** Uploads the sample project for a user and runs its job with the real engine. */
  const generate = async (user: { auth: { authorization: string } }) => {
    const body = await multipartBody(standardUpload([], zip));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/generate',
      payload: body.payload,
      headers: { ...body.headers, ...user.auth },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().report_id as string;
    expect(await runReportJob(deps, id)).toBe('completed');
    const trace = JSON.parse((await ctx.app.storage.read(`reports/${id}/trace.json`)).toString('utf8'));
    const analysis = JSON.parse(
      (await ctx.app.storage.read(`reports/${id}/analysis.json`)).toString('utf8'),
    ) as Analysis;
    return { id, trace, analysis };
  };
  const rowsOf = (userId: string) =>
    ctx.db.query<CacheRow>(
      `SELECT content_hash, hits, size_bytes, storage_key FROM analysis_cache WHERE user_id = $1 ORDER BY created_at`,
      [userId],
    );

  it('caches the first report’s analysis and reuses it for the same user and ZIP; others miss; cache/clear empties it', async () => {
    const first = await generate(alice);
    expect(first.trace.analysisCache).toEqual({ key: expect.stringMatching(/^[0-9a-f]{64}$/), hit: false });
    expect(first.trace.agents.some((a: { role: string }) => a.role === 'planner')).toBe(true);
    const after1 = await rowsOf(alice.id);
    expect(after1).toEqual([
      {
        content_hash: first.trace.analysisCache.key,
        hits: 0,
        size_bytes: expect.any(Number),
        storage_key: `analysis-cache/${alice.id}/${first.trace.analysisCache.key}.json`,
      },
    ]);
    expect(after1[0]!.size_bytes).toBeGreaterThan(1000);
    // The report's process wrote the file the row points at: the analysis the report was written from.
    const cached = await ctx.app.storage.read(after1[0]!.storage_key!);
    expect(cached.length).toBe(after1[0]!.size_bytes);
    expect(JSON.parse(cached.toString('utf8'))).toEqual(first.analysis);

    const second = await generate(alice);
    expect(second.trace.analysisCache).toEqual({ key: first.trace.analysisCache.key, hit: true });
    expect((await rowsOf(alice.id))[0]!.hits).toBe(1);
    // the reused analysis is the one computed for the first report
    expect(second.analysis).toEqual(first.analysis);
    expect(second.analysis.routes.some((r) => r.file === 'src/routes/books.ts')).toBe(true);

    // Bob uploads the very same ZIP: his report is analysed afresh and Alice's entry is untouched.
    const bobs = await generate(bob);
    expect(bobs.trace.analysisCache).toEqual({ key: first.trace.analysisCache.key, hit: false });
    expect((await rowsOf(bob.id)).map((r) => r.hits)).toEqual([0]);
    expect((await rowsOf(alice.id))[0]!.hits).toBe(1);

    const cleared = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports/cache/clear',
      headers: alice.auth,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toEqual({ success: true, cleared: 1 });
    expect(await rowsOf(alice.id)).toEqual([]);
    expect(await ctx.app.storage.stat(after1[0]!.storage_key!)).toBeNull();
    expect(await rowsOf(bob.id)).toHaveLength(1);

    const third = await generate(alice);
    expect(third.trace.analysisCache.hit).toBe(false);
    expect(await rowsOf(alice.id)).toHaveLength(1);
  }, 180_000);

  it('round-trips an analysis through its file, skips one over the size cap, and keeps only the newest entries', async () => {
    const user = await ctx.signUp();
    const logs: string[] = [];
    const analysis = {
      version: 1,
      project: { name: 'p', files: 1 },
      files: [{ path: 'a.ts', note: 'ünïcødé \u2028 "quoted"' }],
      languages: [],
    } as unknown as Analysis;
    const cache = analysisCacheFor(ctx.db, ctx.app.storage, user.id, {
      maxEntries: 2,
      log: (m) => logs.push(m),
    });
    await cache.set('k1', analysis);
    expect(await cache.get('k1')).toEqual(analysis);
    expect(await cache.get('missing')).toBeNull();

    const small = analysisCacheFor(ctx.db, ctx.app.storage, user.id, {
      maxBytes: 50,
      log: (m) => logs.push(m),
    });
    await small.set('too-big', analysis);
    expect(await cache.get('too-big')).toBeNull();
    expect(logs).toContain('analysis not cached: larger than the cache limit');

    await cache.set('k2', analysis);
    await new Promise((r) => setTimeout(r, 5));
    await cache.get('k1'); // k1 is used again, so k2 is now the least recently used
    await new Promise((r) => setTimeout(r, 5));
    await cache.set('k3', analysis);
    expect((await rowsOf(user.id)).map((r) => r.content_hash).sort()).toEqual(['k1', 'k3']);
    // The entry let go took its file with it.
    expect(await ctx.app.storage.list(`analysis-cache/${user.id}/`)).toEqual([
      `analysis-cache/${user.id}/k1.json`,
      `analysis-cache/${user.id}/k3.json`,
    ]);
  });
});
