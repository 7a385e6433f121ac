// The report engine runs in a process of its own: an exception thrown outside any promise, a heap that
// grows without bound and a run that never ends each end that process only, while the web process
// keeps answering; the report is retried once after a crash and then failed, never handed on in a loop;
// work folders of dead runs are removed. The real engine runs there too, with its caches answered over IPC.
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError, parseTemplate, type PipelineStep } from '@atr/engine';
import { messages } from '@atr/shared';
import { testDatabases } from '../../test/databases.ts';
import { createStorage } from '../../plugins/storage.ts';
import { workerDeps } from '../../worker-runtime.ts';
import { ARTIFACTS, reportPrefix } from './artifacts.ts';
import {
  childEnv,
  EngineProcessError,
  runEngineInProcess,
  stopEngineSpare,
  warmEngineProcess,
  type EngineProcessContext,
} from './engine-process.ts';
import { reportRepository } from './repository.ts';
import { MAX_CRASHES, removeStaleWorkDirs, runReportJob, sweepReports, type WorkerDeps } from './worker.ts';
import {
  multipartBody,
  SAMPLE_APP_DIR,
  standardUpload,
  startTestApp,
  TEMPLATE_YAML,
  zipDirectory,
  type TestApp,
} from './test-helpers.ts';

const ENGINES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test/engines');
const engine = (name: string) => pathToFileURL(path.join(ENGINES, `${name}.ts`)).href;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'atr-engine-process-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function context(
  overrides: Partial<EngineProcessContext> = {},
): EngineProcessContext & { steps: PipelineStep[] } {
  const steps: PipelineStep[] = [];
  const onProgress = (step: PipelineStep) => void (steps[steps.length - 1] === step || steps.push(step));
  return { workDir: dir, now: () => new Date(), onProgress, steps, ...overrides };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as Error,
  );
const options = () => ({
  maxMemoryMb: 256,
  timeoutMs: 60_000,
  store: { reportId: randomUUID(), storage: { dataDir: dir } },
});
const input = {
  projectName: 'P',
  source: { kind: 'zip' as const, path: '/nowhere.zip' },
  template: parseTemplate(TEMPLATE_YAML),
  images: [],
};

describe('the engine process', () => {
  it("sees none of the server's secrets in its environment", () => {
    const env = childEnv({
      PATH: '/bin',
      PDF_ENGINE: 'js',
      DATABASE_URL: 'postgres://u:p@h/db',
      DATABASE_LISTEN_URL: 'x',
      SMTP_URL: 'smtp://u:p@h',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec',
      JWT_SECRET: 'j',
      AI_API_KEY: 'k',
      S3_SECRET_ACCESS_KEY: 's',
      S3_ACCESS_KEY_ID: 'a',
      SUPABASE_JWT_SECRET: 'x',
    });
    expect(env).toEqual({ PATH: '/bin', PDF_ENGINE: 'js' });
  });

  it('ends only its own process on an exception thrown outside any promise', async () => {
    const ctx = context();
    const error = await failure(
      runEngineInProcess(input, ctx, { ...options(), engineModule: engine('crash') }),
    );
    expect(error).toBeInstanceOf(EngineProcessError);
    expect((error as EngineProcessError).reason).toBe('crashed');
    expect(error!.message).toContain('invalid filter byte in the logo');
    expect(ctx.steps).toEqual(['initializing']); // progress came through before the crash
  });

  it('stops a run at its heap cap', async () => {
    const error = await failure(
      runEngineInProcess(input, context(), { ...options(), maxMemoryMb: 128, engineModule: engine('hog') }),
    );
    expect((error as EngineProcessError).reason).toBe('out-of-memory');
  });

  it('kills a run at the time limit', async () => {
    const started = Date.now();
    const error = await failure(
      runEngineInProcess(input, context(), { ...options(), timeoutMs: 3_000, engineModule: engine('stall') }),
    );
    expect((error as EngineProcessError).reason).toBe('timed-out');
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('stops a cancelled run', async () => {
    const controller = new AbortController();
    const ctx = context({ signal: controller.signal, onProgress: () => controller.abort() });
    const error = await failure(
      runEngineInProcess(input, ctx, { ...options(), engineModule: engine('stall') }),
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('cancelled');
  });

  it('reads and writes cached analyses in the storage, asks the parent only for keys, and passes log lines and engine errors through', async () => {
    const keys = new Map<string, string>();
    const recorded: unknown[][] = [];
    const logs: string[] = [];
    const storage = createStorage({ dataDir: dir });
    const ctx = context({
      analysisCache: {
        prefix: 'analysis-cache/u1/',
        maxBytes: 1024,
        lookup: async (k) => keys.get(k) ?? null,
        record: async (...args) => void recorded.push(args),
      },
      log: (m) => void logs.push(m),
    });
    await storage.put('analysis-cache/u1/old.json', Buffer.from(JSON.stringify({ first: true })));
    keys.set('k1', 'analysis-cache/u1/old.json');
    const error = await failure(
      runEngineInProcess(input, ctx, { ...options(), engineModule: engine('cached') }),
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('ingest');
    expect(error!.message).toBe('The ZIP file is not a valid archive.');
    const written = JSON.stringify({ seen: { first: true } });
    expect(recorded).toEqual([['k1', 'analysis-cache/u1/k1.json', written.length]]);
    expect((await storage.read('analysis-cache/u1/k1.json')).toString()).toBe(written);
    expect(logs).toContain('child log line');
    expect(ctx.steps).toEqual(['ai_code_analysis']);
  });

  it('hands a run the spare process started ahead of it, and a run with another heap cap a new process', async () => {
    const runs: Record<string, unknown>[] = [];
    const run = (maxMemoryMb: number, keepSpare: boolean) => {
      const ctx = context({
        log: (message, data) => void (message === 'report process ready' && runs.push(data!)),
      });
      return failure(
        runEngineInProcess(input, ctx, {
          ...options(),
          maxMemoryMb,
          engineModule: engine('cached'),
          keepSpare,
        }),
      );
    };
    try {
      warmEngineProcess(256);
      // The test engine fails as an engine does; the first run leaves a new spare behind it.
      expect(await run(256, true)).toBeInstanceOf(EngineError);
      // A different heap cap cannot use it (a process's cap is fixed when it starts): a new process.
      expect(await run(300, false)).toBeInstanceOf(EngineError);
      expect(runs.map((r) => r.warm)).toEqual([true, false]);
      expect(runs[0]!.pid).not.toBe(runs[1]!.pid);
      expect(runs[0]!.command).toContain('--max-old-space-size=256');
      expect(runs[1]!.command).toContain('--max-old-space-size=300');
    } finally {
      stopEngineSpare();
    }
  }, 180_000);

  it('runs the real engine on the sample project, stores its documents and hands back their sizes', async () => {
    const zip = path.join(dir, 'sample.zip');
    await writeFile(zip, await zipDirectory(SAMPLE_APP_DIR));
    const workDir = path.join(dir, 'real');
    await mkdir(workDir);
    const store = new Map<string, string>();
    const logs: { message: string; data?: Record<string, unknown> }[] = [];
    const ctx = context({
      workDir,
      analysisCache: {
        prefix: 'analysis-cache/u2/',
        maxBytes: 20 * 1024 * 1024,
        lookup: async (k) => store.get(k) ?? null,
        record: async (k, storageKey) => void store.set(k, storageKey),
      },
      log: (message, data) => void logs.push({ message, ...(data ? { data } : {}) }),
    });
    const opts = options();
    const stored = await runEngineInProcess({ ...input, source: { kind: 'zip', path: zip } }, ctx, opts);
    const storage = createStorage(opts.store.storage);
    const prefix = reportPrefix(opts.store.reportId);
    const pdf = await storage.read(`${prefix}${ARTIFACTS.pdf}`);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(stored.sizes.pdf).toBe(pdf.length);
    expect(stored.sizes.docx).toBeGreaterThan(5_000);
    expect((await storage.stat(`${prefix}${ARTIFACTS.docx}`))?.size).toBe(stored.sizes.docx);
    expect(JSON.parse((await storage.read(`${prefix}${ARTIFACTS.analysis}`)).toString())).toHaveProperty(
      'files',
    );
    expect(stored.pageCount).toBeGreaterThan(3);
    // Only what the web process records came back: no document bytes.
    expect(Object.keys(stored).sort()).toEqual(['pageCount', 'sizes', 'timings']);
    // The sources run the child through the loader; the production build does not (production-build.test.ts).
    const ready = logs.find((l) => l.message === 'report process ready');
    expect(ready?.data?.readyMs).toBeTypeOf('number');
    expect((ready?.data?.command as string[]).at(-1)).toMatch(/engine-child\.ts$/);
    expect(ctx.steps).toEqual([
      'initializing',
      'personalizing',
      'ai_code_analysis',
      'generating_markdown',
      'building_docx',
      'done',
    ]);
    expect(store.size).toBe(1); // the analysis was cached: the child wrote it, the parent recorded its key
    expect(JSON.parse((await storage.read([...store.values()][0]!)).toString())).toHaveProperty('files');
  });
});

describe.each(testDatabases)('report runs that end their process, on $name', (t) => {
  let app: TestApp;
  let user: Awaited<ReturnType<TestApp['signUp']>>;
  let deps: WorkerDeps;

  beforeAll(async () => {
    app = await startTestApp(t, { REPORT_STALE_SECONDS: '30', JOB_MAX_MEMORY_MB: '256' });
    user = await app.signUp();
    deps = workerDeps(app.app, { heartbeatMs: 50, progressWriteMs: 0 });
  }, 60_000);
  afterAll(async () => app?.close());

  const create = async () => {
    const body = await multipartBody(standardUpload());
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/generate',
      payload: body.payload,
      headers: { ...body.headers, ...user.auth },
    });
    expect(res.statusCode).toBe(200);
    return res.json().report_id as string;
  };
  const row = (id: string) => reportRepository(app.db).findById(id);

  it('retries a report whose run crashed once, then fails it with a message; the web process keeps serving', async () => {
    const id = await create();
    const crashing = { ...deps, engineModule: engine('crash') };
    expect(await runReportJob(crashing, id)).toBe('requeued');
    expect(await row(id)).toMatchObject({ status: 'processing', crashes: 1, run_id: null });
    expect(
      (await app.app.inject({ method: 'GET', url: `/api/status/${id}`, headers: user.auth })).json(),
    ).toMatchObject({ state: 'processing' });
    expect(await runReportJob(crashing, id)).toBe('failed');
    expect(await row(id)).toMatchObject({
      status: 'failed',
      crashes: MAX_CRASHES,
      error: messages.report.crashedTwice,
    });
    // A third delivery of the job finds nothing to do.
    expect(await runReportJob(crashing, id)).toBe('skipped');
    expect(
      (await app.app.inject({ method: 'GET', url: '/api/reports', headers: user.auth })).statusCode,
    ).toBe(200);
  });

  it('fails a run that exhausts its heap the same way', async () => {
    const id = await create();
    const hog = { ...deps, engineModule: engine('hog') };
    expect(await runReportJob(hog, id)).toBe('requeued');
    expect(await runReportJob(hog, id)).toBe('failed');
    expect((await row(id))?.error).toBe(messages.report.crashedTwice);
  });

  it('counts a run whose worker died (found stale by the sweep) as a crash: the second is the last', async () => {
    const id = await create();
    const stale = async () => {
      await app.db.query(
        `UPDATE reports SET run_id = gen_random_uuid(), heartbeat_at = now() - interval '1 hour' WHERE id = $1`,
        [id],
      );
      return sweepReports(deps);
    };
    expect((await stale()).requeued).toContain(id);
    expect(await row(id)).toMatchObject({ status: 'processing', crashes: 1 });
    expect((await stale()).failed).toContain(id);
    expect(await row(id)).toMatchObject({ status: 'failed', error: messages.report.crashedTwice });
  });
});

describe('work folders', () => {
  it('removes those of dead worker processes and of no run, keeps those of live runs', async () => {
    const tmp = await mkdtemp(path.join(os.tmpdir(), 'atr-tmp-'));
    try {
      // A pid that is not running: a process started and ended by this test would do; 2^22 + 1 is above Linux's pid_max default.
      const deadPid = 4_194_305;
      const names = [
        `atr-job-${deadPid}-abc`,
        `atr-job-${process.pid}-idle`,
        `atr-job-${process.ppid}-live`,
        'atr-job-legacy',
        'unrelated',
      ];
      for (const n of names) await mkdir(path.join(tmp, n));
      const removed = await removeStaleWorkDirs(tmp, 3600);
      expect(removed.map((p) => path.basename(p)).sort()).toEqual(
        [`atr-job-${deadPid}-abc`, `atr-job-${process.pid}-idle`].sort(),
      );
      expect((await readdir(tmp)).sort()).toEqual([
        `atr-job-${process.ppid}-live`,
        'atr-job-legacy',
        'unrelated',
      ]);
      // An unnamed folder from an older version goes once it is older than the stale limit.
      expect((await removeStaleWorkDirs(tmp, 0)).map((p) => path.basename(p))).toEqual(['atr-job-legacy']);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  });
});
