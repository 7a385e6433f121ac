// Tests of the report job on both databases: progress, artifacts, failures, cancel at a step boundary,
// deletion mid-run, double delivery, kill recovery through the sweep, the per-user cap, and one run of
// the real engine through pg-boss on the engine's sample project.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { EngineError, type PipelineStep, type ReportArtifacts } from '@atr/engine';
import { StatusResponseSchema, messages } from '@atr/shared';
import { testDatabases } from '../../test/databases.ts';
import { startWorker, workerDeps } from '../../worker-runtime.ts';
import { reportRepository, STUCK_MESSAGE } from './repository.ts';
import { overallProgress, runReportJob, sweepReports, type Engine, type WorkerDeps } from './worker.ts';
import {
  multipartBody,
  pdfWithPages,
  SAMPLE_APP_DIR,
  standardUpload,
  startTestApp,
  zipDirectory,
  type TestApp,
} from './test-helpers.ts';

const STEPS: PipelineStep[] = [
  'initializing',
  'personalizing',
  'ai_code_analysis',
  'generating_markdown',
  'building_docx',
];

/** A stand-in pipeline: walks the steps (with a hook between them) and returns small real artifacts. */
function fakeEngine(hooks: { between?: (step: PipelineStep) => Promise<void>; fail?: Error } = {}): Engine {
  return async (_input, ctx) => {
    for (const step of STEPS) {
      await ctx.onProgress(step, 0);
      await ctx.onProgress(step, 50);
      if (hooks.between) await hooks.between(step);
      if (hooks.fail && step === 'ai_code_analysis') throw hooks.fail;
    }
    return {
      docx: new Uint8Array([1, 2, 3, 4]),
      latexZip: new Uint8Array([5, 6, 7]),
      pdf: await pdfWithPages(8),
      previewPdf: await pdfWithPages(5),
      analysis: {} as ReportArtifacts['analysis'],
      tree: {} as ReportArtifacts['tree'],
      trace: [],
      timings: {},
      pageCount: 8,
    };
  };
}

describe('overallProgress', () => {
  it('maps steps onto the spec baselines and stays below 100 until done', () => {
    expect(overallProgress('initializing', 0)).toBe(0);
    expect(overallProgress('initializing', 100)).toBe(5);
    expect(overallProgress('personalizing', 50)).toBe(15);
    expect(overallProgress('ai_code_analysis', 100)).toBe(75);
    expect(overallProgress('generating_markdown', 0)).toBe(75);
    expect(overallProgress('building_docx', 100)).toBe(99);
    expect(overallProgress('done', 100)).toBe(99);
  });
});

describe.each(testDatabases)('report worker on $name', (t) => {
  let ctx: TestApp;
  let user: Awaited<ReturnType<TestApp['signUp']>>;
  let deps: WorkerDeps;

  beforeAll(async () => {
    ctx = await startTestApp(t, { REPORT_STALE_SECONDS: '30', JOBS_PER_USER: '1' });
    user = await ctx.signUp();
    deps = workerDeps(ctx.app, { heartbeatMs: 50, progressWriteMs: 0 });
  }, 60_000);
  afterAll(async () => ctx?.close());

  const create = async (auth = user.auth) => {
    const body = await multipartBody(standardUpload());
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/generate',
      payload: body.payload,
      headers: { ...body.headers, ...auth },
    });
    expect(res.statusCode).toBe(200);
    return res.json().report_id as string;
  };
  const row = (id: string) => reportRepository(ctx.db).findById(id);
  const files = (id: string) => ctx.app.storage.list(`reports/${id}/`);

  it('runs a report to completion: monotonic progress, artifacts stored, sizes recorded', async () => {
    const id = await create();
    const seen: number[] = [];
    const engine = fakeEngine({
      between: async () => {
        seen.push((await row(id))!.progress);
      },
    });
    expect(await runReportJob({ ...deps, engine }, id)).toBe('completed');
    expect(seen).toEqual([3, 15, 50, 85, 98]);
    const r = (await row(id))!;
    expect(r).toMatchObject({ status: 'completed', step: 'done', progress: 100, error: null, page_count: 8 });
    expect(r.file_sizes).toMatchObject({ docx: 4, latex: 3 });
    const names = (await files(id)).map((f) => f.slice(`reports/${id}/`.length));
    expect(names).toEqual(
      expect.arrayContaining([
        'report.docx',
        'report-latex.zip',
        'report.pdf',
        'preview.pdf',
        'analysis.json',
        'trace.json',
      ]),
    );
    const preview = await ctx.app.inject({ url: `/api/reports/${id}/preview`, headers: user.auth });
    expect((await PDFDocument.load(Buffer.from(preview.json().pdf_preview, 'base64'))).getPageCount()).toBe(
      5,
    );
  });

  it('keeps a step log on the row: each step with its start, end, last message and units of work', async () => {
    const id = await create();
    let during: Awaited<ReturnType<typeof row>> = null;
    const engine: Engine = async (input, c) => {
      await c.onProgress('initializing', 0, 'Reading the code base');
      await c.onProgress('ai_code_analysis', 0, 'Analysing 4 files', { done: 0, total: 4 });
      await c.onProgress('ai_code_analysis', 50, undefined, { done: 2, total: 4 });
      during = await row(id);
      await c.onProgress('generating_markdown', 0, 'Writing 3 sections', { done: 0, total: 3 });
      await c.onProgress('generating_markdown', 100, undefined, { done: 3, total: 3 });
      await c.onProgress('done', 100, 'Report ready');
      return fakeEngine()(input, { ...c, onProgress: () => {} });
    };
    expect(await runReportJob({ ...deps, engine }, id)).toBe('completed');
    // While the engine ran: the analysis step is open, with its units so far.
    expect(during!.step_log.map((e) => e.step)).toEqual(['initializing', 'ai_code_analysis']);
    expect(during!.step_log[0]!.endedAt).not.toBeNull();
    expect(during!.step_log[1]).toMatchObject({
      message: 'Analysing 4 files',
      done: 2,
      total: 4,
      endedAt: null,
    });
    const r = (await row(id))!;
    expect(r.engine_mode).toBe('offline');
    expect(r.step_log.map((e) => [e.step, e.message, e.done, e.total])).toEqual([
      ['initializing', 'Reading the code base', null, null],
      ['ai_code_analysis', 'Analysing 4 files', 2, 4],
      ['generating_markdown', 'Writing 3 sections', 3, 3],
    ]);
    for (const e of r.step_log) {
      expect(Date.parse(e.endedAt!)).toBeGreaterThanOrEqual(Date.parse(e.startedAt));
    }
    // The status API serves it, in the shared schema's shape.
    const status = await ctx.app.inject({ url: `/api/status/${id}`, headers: user.auth });
    expect(StatusResponseSchema.parse(status.json()).step_log).toHaveLength(3);
  });

  it('writes the latest message of a step even when it came inside the write interval', async () => {
    const id = await create();
    let seen = '';
    const engine: Engine = async (input, c) => {
      await c.onProgress('initializing', 0, 'Reading the code base');
      await c.onProgress('initializing', 5, 'Downloading acme/app', { done: 1, total: 2 });
      // The engine goes quiet (a slow download): the trailing write still lands.
      await new Promise((r) => setTimeout(r, 700));
      seen = (await row(id))!.step_log[0]!.message ?? '';
      return fakeEngine()(input, { ...c, onProgress: () => {} });
    };
    expect(await runReportJob({ ...deps, progressWriteMs: 300, engine }, id)).toBe('completed');
    expect(seen).toBe('Downloading acme/app');
  });

  it('does nothing when the same job is delivered again, or twice at once', async () => {
    const done = await create();
    expect(await runReportJob({ ...deps, engine: fakeEngine() }, done)).toBe('completed');
    expect(await runReportJob({ ...deps, engine: fakeEngine() }, done)).toBe('skipped');

    const id = await create();
    let runs = 0;
    const counting: Engine = async (input, c) => {
      runs++;
      return fakeEngine()(input, c);
    };
    const outcomes = await Promise.all([
      runReportJob({ ...deps, engine: counting }, id),
      runReportJob({ ...deps, engine: counting }, id),
    ]);
    expect(outcomes.sort()).toEqual(['completed', 'skipped']);
    expect(runs).toBe(1);
  });

  it("stores the engine's message on failure, and the default for anything else (never a stack)", async () => {
    const a = await create();
    expect(
      await runReportJob(
        { ...deps, engine: fakeEngine({ fail: new EngineError('ingest', 'The ZIP file is damaged.') }) },
        a,
      ),
    ).toBe('failed');
    const status = await ctx.app.inject({ url: `/api/status/${a}`, headers: user.auth });
    expect(status.json()).toMatchObject({ state: 'failed', error: 'The ZIP file is damaged.' });

    const b = await create();
    const boom = new TypeError("Cannot read properties of undefined (reading 'x')");
    expect(await runReportJob({ ...deps, engine: fakeEngine({ fail: boom }) }, b)).toBe('failed');
    const r = (await row(b))!;
    expect(r.error).toBe(messages.report.failedDefault);
    expect(r.error).not.toContain('at ');
  });

  it('stops a cancelled run at the next step boundary and leaves no artifacts', async () => {
    const id = await create();
    const reached: PipelineStep[] = [];
    const engine = fakeEngine({
      between: async (step) => {
        reached.push(step);
        if (step === 'personalizing') {
          const res = await ctx.app.inject({ method: 'POST', url: `/api/cancel/${id}`, headers: user.auth });
          expect(res.statusCode).toBe(200);
        }
      },
    });
    expect(await runReportJob({ ...deps, engine }, id)).toBe('cancelled');
    expect(reached).toEqual(['initializing', 'personalizing']);
    expect((await row(id))!.status).toBe('cancelled');
    expect(await files(id)).toEqual([]);
    // A re-delivered job for the cancelled report does nothing.
    expect(await runReportJob({ ...deps, engine: fakeEngine() }, id)).toBe('skipped');
  });

  it('cleans up when the report is deleted mid-run', async () => {
    const id = await create();
    const engine = fakeEngine({
      between: async (step) => {
        if (step === 'generating_markdown')
          await ctx.app.inject({ method: 'DELETE', url: `/api/reports/${id}`, headers: user.auth });
      },
    });
    expect(await runReportJob({ ...deps, engine }, id)).toBe('deleted');
    expect(await row(id)).toBeNull();
    expect(await files(id)).toEqual([]);
  });

  it('recovers a report whose worker was killed: the sweep releases it and the next run completes', async () => {
    const id = await create();
    // A run claimed the report, then its process died: the heartbeat stops.
    const claimed = await reportRepository(ctx.db).claim(id, crypto.randomUUID(), 30, 5);
    expect(claimed).not.toBeNull();
    await ctx.db.query(
      `UPDATE reports SET heartbeat_at = now() - interval '10 minutes', progress = 40, step = 'ai_code_analysis' WHERE id = $1`,
      [id],
    );
    // While the dead run looks alive, a redelivered job must not start a second run.
    const swept = await sweepReports(deps);
    expect(swept.requeued).toContain(id);
    const r = (await row(id))!;
    expect(r.run_id).toBeNull();
    expect(r.progress).toBe(40); // progress never goes backwards for the user
    expect(await runReportJob({ ...deps, engine: fakeEngine() }, id)).toBe('completed');
    expect((await row(id))!.attempts).toBe(2);
  });

  it('fails a report that keeps being interrupted, with a clear message, instead of spinning forever', async () => {
    const id = await create();
    await ctx.db.query(
      `UPDATE reports SET run_id = gen_random_uuid(), attempts = $2, heartbeat_at = now() - interval '10 minutes' WHERE id = $1`,
      [id, ctx.config.REPORT_MAX_ATTEMPTS],
    );
    const swept = await sweepReports(deps);
    expect(swept.failed).toContain(id);
    expect((await ctx.app.inject({ url: `/api/status/${id}`, headers: user.auth })).json()).toMatchObject({
      state: 'failed',
      error: STUCK_MESSAGE,
    });
  });

  it('does not start a second run while a live run holds the report', async () => {
    const id = await create();
    await reportRepository(ctx.db).claim(id, crypto.randomUUID(), 30, 5);
    expect(await runReportJob({ ...deps, engine: fakeEngine() }, id)).toBe('skipped');
    await ctx.db.query(`UPDATE reports SET status = 'failed' WHERE id = $1`, [id]);
  });

  it('holds a user to JOBS_PER_USER live runs: the extra job waits', async () => {
    const other = await ctx.signUp();
    const first = await create(other.auth);
    const second = await create(other.auth);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = fakeEngine({ between: async (s) => (s === 'initializing' ? gate : undefined) });
    const running = runReportJob({ ...deps, engine: slow }, first);
    await new Promise((r) => setTimeout(r, 200));
    expect(await runReportJob({ ...deps, engine: fakeEngine() }, second)).toBe('deferred');
    expect((await row(second))!).toMatchObject({ status: 'processing', run_id: null });
    release();
    expect(await running).toBe('completed');
    expect(await runReportJob({ ...deps, engine: fakeEngine() }, second)).toBe('completed');
  });
});

describe.each(testDatabases)('report worker with the real engine and pg-boss on $name', (t) => {
  let ctx: TestApp;
  beforeAll(async () => {
    ctx = await startTestApp(t, {}, { queue: true, beforeReady: (app) => startWorker(app) });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('generates a report from the sample project ZIP, end to end through the queue', async () => {
    const user = await ctx.signUp();
    const zip = await zipDirectory(SAMPLE_APP_DIR);
    const body = await multipartBody(standardUpload([], zip));
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/generate',
      payload: body.payload,
      headers: { ...body.headers, ...user.auth },
    });
    expect(res.statusCode).toBe(200);
    const id = res.json().report_id as string;
    const progress: number[] = [];
    let state = 'processing';
    const deadline = Date.now() + 110_000;
    while (state === 'processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      const s = (await ctx.app.inject({ url: `/api/status/${id}`, headers: user.auth })).json();
      state = s.state;
      progress.push(s.progress);
      if (s.error) expect(s.error).not.toMatch(/\n\s+at /);
    }
    expect(state).toBe('completed');
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const detail = (await ctx.app.inject({ url: `/api/reports/${id}`, headers: user.auth })).json();
    expect(detail.file_sizes.docx).toBeGreaterThan(1000);
    expect(detail.file_sizes.latex).toBeGreaterThan(1000);
    const preview = (await ctx.app.inject({ url: `/api/reports/${id}/preview`, headers: user.auth })).json();
    const pages = (await PDFDocument.load(Buffer.from(preview.pdf_preview, 'base64'))).getPageCount();
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThanOrEqual(5);
  }, 120_000);

  it('fails a report whose ZIP is damaged with a message the user can act on', async () => {
    const user = await ctx.signUp();
    const body = await multipartBody(standardUpload([], Buffer.from('this is not a zip archive at all')));
    const id = (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/generate',
        payload: body.payload,
        headers: { ...body.headers, ...user.auth },
      })
    ).json().report_id as string;
    let s = { state: 'processing', error: null as string | null };
    const deadline = Date.now() + 60_000;
    while (s.state === 'processing' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      s = (await ctx.app.inject({ url: `/api/status/${id}`, headers: user.auth })).json();
    }
    expect(s.state).toBe('failed');
    expect(s.error).toBeTruthy();
    expect(s.error).not.toMatch(/\n\s+at /);
  }, 90_000);
});
