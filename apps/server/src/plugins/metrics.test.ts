// The Prometheus endpoint on a real listener: its text format and metric names, request latency by
// route pattern, report runs and step durations from the real offline engine through pg-boss, the
// database's queued and running counts, and that nothing is reachable without the token or on the
// public port. Then a separate worker process (`npm run worker`) serving its own.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig, testDatabases } from '../test/databases.ts';
import { startWorker } from '../worker-runtime.ts';
import { reportRepository } from '../modules/reports/repository.ts';
import {
  multipartBody,
  SAMPLE_APP_DIR,
  standardUpload,
  startTestApp,
  until,
  zipDirectory,
  type TestApp,
} from '../modules/reports/test-helpers.ts';

const TOKEN = 'metrics-test-token-0123456789';

/** GET on the metrics listener of an app. */
async function scrape(
  ctx: TestApp,
  options: { token?: string | null; path?: string } = {},
): Promise<{ status: number; type: string | null; body: string }> {
  const address = ctx.app.metrics!.address()!;
  const token = options.token === undefined ? TOKEN : options.token;
  const res = await fetch(`http://${address.host}:${address.port}${options.path ?? '/metrics'}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
}

/** The value of one sample line (`name{labels} value`), or undefined when the line is absent. */
function sample(body: string, series: string): number | undefined {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function generate(ctx: TestApp, auth: { authorization: string }, zip?: Buffer): Promise<string> {
  const body = await multipartBody(standardUpload([], zip));
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/generate',
    payload: body.payload,
    headers: { ...body.headers, ...auth },
  });
  expect(res.statusCode).toBe(200);
  return res.json().report_id as string;
}

async function settled(ctx: TestApp, auth: { authorization: string }, id: string): Promise<string> {
  return until(
    `report ${id} to settle`,
    async () => {
      const s = (await ctx.app.inject({ url: `/api/status/${id}`, headers: auth })).json();
      return s.state === 'processing' ? undefined : (s.state as string);
    },
    110_000,
    250,
  );
}

const STAGES = ['initializing', 'personalizing', 'ai_code_analysis', 'generating_markdown', 'building_docx'];

describe.each(testDatabases)('metrics on $name', (t) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(
      t,
      { METRICS_PORT: '0', METRICS_TOKEN: TOKEN },
      { queue: true, beforeReady: (app) => startWorker(app) },
    );
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('answers in the Prometheus text format with the named metrics, on loopback', async () => {
    expect(ctx.app.metrics!.address()!.host).toBe('127.0.0.1');
    const res = await scrape(ctx);
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const [name, type] of [
      ['atr_http_request_duration_seconds', 'histogram'],
      ['atr_reports', 'gauge'],
      ['atr_report_runs_active', 'gauge'],
      ['atr_report_runs_total', 'counter'],
      ['atr_report_stage_duration_seconds', 'histogram'],
      ['nodejs_eventloop_lag_seconds', 'gauge'],
      ['nodejs_eventloop_lag_p99_seconds', 'gauge'],
      ['process_resident_memory_bytes', 'gauge'],
    ]) {
      expect(res.body).toContain(`# TYPE ${name} ${type}\n`);
    }
    expect(sample(res.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('times a request under its route pattern, never its URL, with method and status class', async () => {
    const user = await ctx.signUp();
    const id = crypto.randomUUID();
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({ url: `/api/reports/${id}`, headers: user.auth });
      expect(res.statusCode).toBe(404);
    }
    expect((await ctx.app.inject({ url: `/api/no-such-route/${id}` })).statusCode).toBe(404);
    const { body } = await scrape(ctx);
    expect(body).not.toContain(id);
    expect(
      sample(
        body,
        'atr_http_request_duration_seconds_count{method="GET",route="/api/reports/:id",status_class="4xx"}',
      ),
    ).toBe(3);
    expect(
      sample(
        body,
        'atr_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/reports/:id",status_class="4xx"}',
      ),
    ).toBe(3);
    expect(
      sample(
        body,
        'atr_http_request_duration_seconds_count{method="GET",route="unmatched",status_class="4xx"}',
      ),
    ).toBe(1);
    expect(
      sample(
        body,
        'atr_http_request_duration_seconds_count{method="POST",route="/auth/v1/signup",status_class="2xx"}',
      ),
    ).toBeGreaterThanOrEqual(1);
  });

  it('is not reachable without the token, with a wrong one, off /metrics, or on the public port', async () => {
    for (const token of [null, 'metrics-test-token-0123456788', `${TOKEN}x`]) {
      const res = await scrape(ctx, { token });
      expect(res.status).toBe(401);
      expect(res.body).not.toContain('atr_');
    }
    expect((await scrape(ctx, { path: '/' })).status).toBe(404);
    expect((await scrape(ctx, { path: '/api/health' })).status).toBe(404);
    expect((await scrape(ctx, { token: null, path: '/api/health' })).status).toBe(401);
    const address = ctx.app.metrics!.address()!;
    const post = await fetch(`http://${address.host}:${address.port}/metrics`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(post.status).toBe(405);
    for (const url of ['/metrics', '/api/metrics']) {
      // the public port answers with the web app's page (its own 404) or a 404, never the metrics
      const res = await ctx.app.inject({ url, headers: { authorization: `Bearer ${TOKEN}` } });
      expect(String(res.headers['content-type'] ?? '')).not.toContain('version=0.0.4');
      expect(res.body).not.toContain('atr_http_request_duration_seconds');
      expect(res.body).not.toContain('nodejs_eventloop_lag');
    }
  });

  it('counts report runs by outcome and times each pipeline step of the offline engine', async () => {
    const before = await scrape(ctx);
    const completedBefore = sample(before.body, 'atr_report_runs_total{outcome="completed"}') ?? 0;
    const failedBefore = sample(before.body, 'atr_report_runs_total{outcome="failed"}') ?? 0;
    const user = await ctx.signUp();

    const good = await generate(ctx, user.auth, await zipDirectory(SAMPLE_APP_DIR));
    expect(await settled(ctx, user.auth, good)).toBe('completed');
    const bad = await generate(ctx, user.auth, Buffer.from('this is not a zip archive at all'));
    expect(await settled(ctx, user.auth, bad)).toBe('failed');

    // The run ends just after the row settles: wait for the counter rather than race it.
    const { body } = await until('the failed run to be counted', async () => {
      const r = await scrape(ctx);
      return (sample(r.body, 'atr_report_runs_total{outcome="failed"}') ?? 0) > failedBefore ? r : undefined;
    });
    expect(sample(body, 'atr_report_runs_total{outcome="completed"}')).toBe(completedBefore + 1);
    expect(sample(body, 'atr_report_runs_total{outcome="failed"}')).toBe(failedBefore + 1);
    expect(sample(body, 'atr_report_runs_active')).toBe(0);
    // Every step of the completed run was timed once; the failed run's unfinished step was not.
    const row = (await reportRepository(ctx.db).findById(good))!;
    expect(row.step_log.map((e) => e.step)).toEqual(STAGES);
    for (const stage of STAGES) {
      const count = sample(body, `atr_report_stage_duration_seconds_count{stage="${stage}"}`);
      expect(count, stage).toBeGreaterThanOrEqual(1);
      expect(sample(body, `atr_report_stage_duration_seconds_sum{stage="${stage}"}`), stage).toBeGreaterThan(
        0,
      );
    }
    expect(sample(body, 'atr_report_stage_duration_seconds_count{stage="building_docx"}')).toBe(1);
    expect(body).not.toContain('stage="done"');
  }, 150_000);
});

describe.each(testDatabases)('queued and running reports from the database on $name', (t) => {
  let ctx: TestApp;
  beforeAll(async () => {
    // No worker: a report waits until this test claims it.
    ctx = await startTestApp(t, { METRICS_PORT: '0' });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('counts reports waiting for a worker and those a live run holds, without a token on loopback', async () => {
    const queued = () =>
      scrape(ctx, { token: null }).then((r) => sample(r.body, 'atr_reports{state="queued"}'));
    const running = () =>
      scrape(ctx, { token: null }).then((r) => sample(r.body, 'atr_reports{state="running"}'));
    expect([await queued(), await running()]).toEqual([0, 0]);
    const user = await ctx.signUp();
    const a = await generate(ctx, user.auth);
    await generate(ctx, user.auth);
    expect([await queued(), await running()]).toEqual([2, 0]);
    expect(await reportRepository(ctx.db).claim(a, crypto.randomUUID(), 30, 5)).not.toBeNull();
    expect([await queued(), await running()]).toEqual([1, 1]);
  });
});

describe('metrics off by default', () => {
  it('starts no listener and serves nothing on the public port when METRICS_PORT is unset', async () => {
    const app = await buildApp({ config: testConfig(), queue: false, logger: false });
    try {
      await app.ready();
      expect(app.metrics).toBeNull();
      const res = await app.inject({ url: '/metrics' });
      expect(res.body).not.toContain('# TYPE');
    } finally {
      await app.close();
    }
  });
});

// A separate worker process serves its own metrics, and its report runs show there.
const postgres = testDatabases.find((d) => d.name === 'postgres');
if (!postgres)
  console.warn('[tests] the worker process metrics test needs PostgreSQL (TEST_DATABASE_URL): skipped.');
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

describe.skipIf(!postgres)('metrics of a worker process', () => {
  let db: Awaited<ReturnType<NonNullable<typeof postgres>['create']>>;
  let web: TestApp['app'];
  let worker: ChildProcess;
  let output = '';
  let dataDir: string;
  let metricsUrl: string;

  beforeAll(async () => {
    db = await postgres!.create();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'atr-metrics-'));
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: SERVER_DIR,
      env: {
        ...process.env,
        LOG_LEVEL: 'warn',
        DATABASE_URL: db.url!,
        DATA_DIR: dataDir,
        JWT_SECRET: 'metrics-test-secret-metrics-test-00000',
        PAYMENTS: 'test',
        METRICS_PORT: String(port),
        METRICS_TOKEN: TOKEN,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (d) => (output += d));
    worker.stderr!.on('data', (d) => (output += d));
    // The web side in this process, sharing the database and files, with no worker of its own.
    web = await buildApp({
      config: testConfig({ DATA_DIR: dataDir, AUTH_AUTOCONFIRM: 'true', WORKER_IN_PROCESS: 'false' }),
      db: db.db,
      queue: true,
      logger: false,
    });
    await web.ready();
  }, 90_000);

  afterAll(async () => {
    if (worker && worker.exitCode === null) {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
    await web?.close();
    await db?.drop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  }, 30_000);

  it('serves its own metrics, behind the token, and counts the runs it does', async () => {
    const get = (token: string | null) =>
      fetch(metricsUrl, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    await until(
      "the worker's metrics listener",
      async () => ((await get(TOKEN)).ok ? true : undefined),
      60_000,
      200,
    ).catch((e: Error) => {
      throw new Error(`${e.message}; the worker wrote: ${output}`);
    });
    expect((await get(null)).status).toBe(401);

    const signup = await web.inject({
      method: 'POST',
      url: '/auth/v1/signup',
      payload: { email: `metrics-${Date.now()}@example.com`, password: 'correct-horse-1' },
    });
    const auth = { authorization: `Bearer ${signup.json().access_token as string}` };
    const body = await multipartBody(standardUpload([], await zipDirectory(SAMPLE_APP_DIR)));
    const res = await web.inject({
      method: 'POST',
      url: '/api/generate',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().report_id as string;
    const text = await until(
      'the worker to count the completed run',
      async () => {
        const r = await get(TOKEN);
        const t = await r.text();
        return sample(t, 'atr_report_runs_total{outcome="completed"}') === 1 ? t : undefined;
      },
      110_000,
      250,
    );
    expect((await reportRepository(db.db).findById(id))!.status).toBe('completed');
    expect(sample(text, 'atr_report_stage_duration_seconds_count{stage="building_docx"}')).toBe(1);
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  }, 150_000);
});
