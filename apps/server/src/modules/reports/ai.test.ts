// The server's side of the language model: the estimate endpoint, the per-user model-response cache
// on the database (a regenerated, unchanged project sends no request), cache/clear emptying it for
// that user only, and the key kept out of every answer and stored artifact.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { unzipRaw } from 'unzipit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { estimateFromListing, parseTemplate } from '@atr/engine';
import { MAX_ESTIMATE_FILES } from '@atr/shared';
import {
  fixtureModel,
  startFakeModelServer,
  type FakeServer,
} from '../../../../../packages/engine/src/llm/fake-model-server.ts';
import { testConfig, testDatabases } from '../../test/databases.ts';
import { workerDeps } from '../../worker-runtime.ts';
import { aiConfigOf, estimateUpload, modelCacheFor } from './ai.ts';
import { GITHUB_LISTINGS_PER_HOUR } from './estimate-routes.ts';
import { runReportJob } from './worker.ts';
import {
  multipartBody,
  SAMPLE_APP_DIR,
  standardUpload,
  startTestApp,
  TEMPLATE_YAML,
  zipDirectory,
  type TestApp,
} from './test-helpers.ts';

const KEY = ['sk', 'server', 'fake0123456789abcdef'].join('-');

describe('estimate without a provider', () => {
  it('says the agents run offline', () => {
    expect(estimateUpload(testConfig({}), { template: TEMPLATE_YAML })).toEqual({
      enabled: false,
      provider: 'offline',
    });
  });
});

describe.each(testDatabases)('language model on $name', (t) => {
  let fake: FakeServer;
  let ctx: TestApp;
  let alice: Awaited<ReturnType<TestApp['signUp']>>;
  let bob: Awaited<ReturnType<TestApp['signUp']>>;

  // a loopback GitHub API: the tree listing of one repository, 404 for any other
  const TREE = [
    { path: 'README.md', type: 'blob', size: 900 },
    { path: 'src', type: 'tree' },
    { path: 'src/server.ts', type: 'blob', size: 24_000 },
    { path: 'src/routes/users.ts', type: 'blob', size: 16_000 },
    { path: 'test/server.test.ts', type: 'blob', size: 30_000 },
  ];
  const githubSeen: string[] = [];
  let github: http.Server;

  beforeAll(async () => {
    fake = await startFakeModelServer(fixtureModel);
    github = http.createServer((req, res) => {
      githubSeen.push(`${req.url} ${req.headers.authorization ?? ''}`);
      if (req.url === '/repos/acme/widget/git/trees/HEAD?recursive=1')
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ tree: TREE }));
      else res.writeHead(404).end('{"message":"Not Found"}');
    });
    await new Promise<void>((r) => github.listen(0, '127.0.0.1', r));
    ctx = await startTestApp(t, {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: fake.url,
      AI_API_KEY: KEY,
      AI_MODEL: 'gpt-4o-mini',
      GITHUB_API_BASE: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
    });
    alice = await ctx.signUp();
    bob = await ctx.signUp();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await fake?.close();
    await new Promise((r) => github?.close(r));
  });

  it('estimates tokens and cost for the upload form, without the key or endpoint', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/estimate',
      headers: alice.auth,
      payload: { template: TEMPLATE_YAML, zipBytes: 200_000 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      enabled: true,
      provider: 'openai',
      model: 'gpt-4o-mini',
      withinBudget: true,
      budgetTokens: 800_000,
    });
    expect(body.totalTokens).toBe(body.inputTokens + body.outputTokens);
    expect(body.costUsd).toBeGreaterThan(0);
    expect(res.body).not.toContain(KEY);
    expect(res.body).not.toContain(fake.url);
    const bigger = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/estimate',
        headers: alice.auth,
        payload: { template: `${TEMPLATE_YAML}  - title: Security\n  - title: Testing\n` },
      })
    ).json();
    expect(bigger.sections).toBeGreaterThan(body.sections);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/estimate', payload: {} })).statusCode).toBe(
      401,
    );
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/estimate',
      headers: alice.auth,
      payload: { template: 'report_structure: 3' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('estimates from the archive’s listing as the browser reads it, its product sources only', async () => {
    // the upload form reads the ZIP's central directory with unzipit; so does this test
    const zip = await zipDirectory(SAMPLE_APP_DIR);
    const { entries } = await unzipRaw(new Uint8Array(zip));
    const files = entries.filter((e) => !e.isDirectory).map((e) => [e.name, e.size] as [string, number]);
    expect(files.some(([p]) => p.endsWith('.ts'))).toBe(true);
    const estimate = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/estimate', headers: alice.auth, payload });
    const res = await estimate({ template: TEMPLATE_YAML, files, zipBytes: zip.length });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const expected = estimateFromListing(
      files.map(([path, size]) => ({ path, size })),
      parseTemplate(TEMPLATE_YAML),
      aiConfigOf(ctx.app.config),
    );
    expect(body.totalTokens).toBe(expected.totalTokens);
    expect(body.reading.files).toBe(expected.reading!.files);
    // tests, docs and lockfiles are not read by the model, so they cost nothing
    const top = files[0]![0].includes('/') ? `${files[0]![0].split('/')[0]}/` : '';
    const noise = [
      ...files,
      [`${top}tests/big.test.ts`, 400_000],
      [`${top}docs/guide.md`, 400_000],
      [`${top}package-lock.json`, 400_000],
    ];
    expect((await estimate({ template: TEMPLATE_YAML, files: noise })).json().totalTokens).toBe(
      body.totalTokens,
    );
    const more = [...files, [`${top}src/extra/big.ts`, 200_000]];
    expect((await estimate({ template: TEMPLATE_YAML, files: more })).json().totalTokens).toBeGreaterThan(
      body.totalTokens,
    );
    // a malformed or oversized listing is refused with a sentence, not a crash
    const bad = await estimate({ files: [['a.ts', -1]] });
    expect(bad.statusCode).toBe(400);
    const many = Array.from({ length: MAX_ESTIMATE_FILES + 1 }, (_, i) => [`f${i}.ts`, 1]);
    const tooMany = await estimate({ files: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toContain('at most 100,000 files');
  });

  it('estimates a GitHub repository from its tree listing, asking GitHub once per repository and token', async () => {
    const estimate = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/estimate', headers: alice.auth, payload });
    const before = githubSeen.length;
    const token = `ghp_${'a'.repeat(36)}`;
    const res = await estimate({ template: TEMPLATE_YAML, github: { url: 'github.com/acme/widget', token } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.basis).toBe('listing');
    const listing = TREE.filter((e) => e.type === 'blob').map((e) => ({ path: e.path, size: e.size! }));
    const expected = estimateFromListing(listing, parseTemplate(TEMPLATE_YAML), aiConfigOf(ctx.app.config));
    expect(body.totalTokens).toBe(expected.totalTokens);
    expect(body.reading.files).toBe(2); // the two product sources; the test and the README are not read
    expect(githubSeen.slice(before)).toEqual([
      `/repos/acme/widget/git/trees/HEAD?recursive=1 Bearer ${token}`,
    ]);
    // the same repository and token again: the listing is remembered, GitHub is not asked
    await estimate({ github: { url: 'github.com/acme/widget', token } });
    expect(githubSeen.length).toBe(before + 1);
    expect(res.body).not.toContain(token);
    // a repository GitHub cannot list still gets an estimate, for a typical code base
    const missing = await estimate({ github: { url: 'https://github.com/acme/gone' } });
    expect(missing.statusCode).toBe(200);
    expect(missing.json().basis).toBe('typical');
    // without a token, one user's listings are limited per hour (GitHub's unauthenticated quota is shared)
    const asked = githubSeen.length;
    for (let i = 0; i < GITHUB_LISTINGS_PER_HOUR.perUser; i++)
      expect(
        (
          await ctx.app.inject({
            method: 'POST',
            url: '/api/estimate',
            headers: bob.auth,
            payload: { github: { url: `github.com/acme/repo-${i}` } },
          })
        ).statusCode,
      ).toBe(200);
    expect(githubSeen.length).toBe(asked + GITHUB_LISTINGS_PER_HOUR.perUser);
    const limited = await ctx.app.inject({
      method: 'POST',
      url: '/api/estimate',
      headers: bob.auth,
      payload: { github: { url: 'github.com/acme/widget' } },
    });
    expect(limited.json().basis).toBe('typical');
    expect(githubSeen.length).toBe(asked + GITHUB_LISTINGS_PER_HOUR.perUser);
    // a malformed address or token is refused as the upload form refuses it
    const bad = await estimate({ github: { url: 'github.com/acme/widget', token: 'short' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid GitHub token');
  });

  it('keeps each user’s cached responses apart', async () => {
    const a = modelCacheFor(ctx.db, alice.id);
    await a.set('k1', '{"text":"a"}');
    await a.set('k1', '{"text":"a2"}');
    expect(await a.get('k1')).toBe('{"text":"a2"}');
    expect(await modelCacheFor(ctx.db, bob.id).get('k1')).toBeUndefined();
  });

  it('regenerates an unchanged project from the database cache for nothing; cache/clear empties it for that user', async () => {
    const zip = await zipDirectory(SAMPLE_APP_DIR);
    const deps = workerDeps(ctx.app, { heartbeatMs: 1000, progressWriteMs: 0 });
    const run = async () => {
      const body = await multipartBody(standardUpload([], zip));
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/generate',
        payload: body.payload,
        headers: { ...body.headers, ...alice.auth },
      });
      expect(res.statusCode).toBe(200);
      const id = res.json().report_id as string;
      expect(await runReportJob(deps, id)).toBe('completed');
      return id;
    };
    const before = fake.requests.length;
    const first = await run();
    const sent = fake.requests.length - before;
    expect(sent).toBeGreaterThan(5);
    for (const name of ['trace.json', 'analysis.json']) {
      const chunks: Buffer[] = [];
      for await (const c of await ctx.app.storage.get(`reports/${first}/${name}`)) chunks.push(c as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      expect(text).not.toContain(KEY);
      if (name === 'trace.json') {
        expect(text).toContain('"source":"model"');
        // the model's usage is kept with the trace: which model, how many requests and tokens
        const trace = JSON.parse(text) as {
          ai?: { provider: string; model: string; usage: { requests: number; inputTokens: number } };
        };
        expect(trace.ai).toMatchObject({ provider: 'openai', model: expect.stringContaining('gpt-4o-mini') });
        expect(trace.ai!.usage.requests).toBe(sent);
        expect(trace.ai!.usage.inputTokens).toBeGreaterThan(0);
      }
    }
    const rows = await ctx.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM model_cache WHERE user_id = $1',
      [alice.id],
    );
    expect(rows[0]!.n).toBeGreaterThan(0);

    await run();
    expect(fake.requests.length - before).toBe(sent); // the second report sent nothing

    await modelCacheFor(ctx.db, bob.id).set('kb', '{"text":"b"}');
    const cleared = await ctx.app.inject({
      method: 'POST',
      url: '/api/reports/cache/clear',
      headers: alice.auth,
    });
    expect(cleared.json().cleared).toBeGreaterThanOrEqual(rows[0]!.n);
    const left = await ctx.db.query<{ user_id: string }>('SELECT user_id FROM model_cache');
    expect(left.map((r) => r.user_id)).toEqual([bob.id]);

    await run();
    expect(fake.requests.length - before).toBe(2 * sent); // after clearing, the model is asked again
  }, 120_000);
});
