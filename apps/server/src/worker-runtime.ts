// Starts the report worker on an app's queue: WORKER_CONCURRENCY pg-boss workers running report jobs,
// and a recovery sweep at start-up and every half minute, so a report whose process died is re-run
// or failed with a clear message instead of spinning forever. Used in-process and by `npm run worker`.
import type { FastifyInstance } from 'fastify';
import { registerWorker, REPORT_QUEUE } from './plugins/queue.ts';
import { createStorage } from './plugins/storage.ts';
import { runReportJob, sweepReports, type JobOutcome, type WorkerDeps } from './modules/reports/worker.ts';
import type { Metrics } from './plugins/metrics.ts';
import { stopEngineSpare, warmEngineProcess } from './modules/reports/engine-process.ts';

const SWEEP_INTERVAL_MS = 30_000;

export function workerDeps(app: FastifyInstance, overrides: Partial<WorkerDeps> = {}): WorkerDeps {
  return {
    db: app.db,
    storage: app.hasDecorator('storage') ? app.storage : createStorage(app.config),
    config: app.config,
    queue: app.queue,
    log: app.log,
    ...(app.hasDecorator('templateParser')
      ? { parseTemplate: (text, options) => app.templateParser.parse(text, options) }
      : {}),
    ...overrides,
  };
}

export async function startWorker(app: FastifyInstance, overrides: Partial<WorkerDeps> = {}): Promise<void> {
  const queue = app.queue;
  if (!queue) {
    app.log.warn('report worker not started: no queue');
    return;
  }
  const deps = workerDeps(app, overrides);
  const sweep = () =>
    sweepReports(deps).catch((err: unknown) => {
      app.log.error({ err }, 'report sweep failed');
    });
  await sweep();
  // pg-boss 10 runs one job at a time per work() call: one call per slot.
  for (let i = 0; i < app.config.WORKER_CONCURRENCY; i++) {
    const workerId = await queue.work<{ reportId: string }>(
      REPORT_QUEUE,
      { pollingIntervalSeconds: 1, batchSize: 1 },
      async (jobs) => {
        for (const job of jobs) await runMeteredJob(app.metrics, deps, job.data.reportId);
      },
    );
    registerWorker(queue, workerId);
  }
  // The first report does not wait for its process either (engine-process.ts).
  if (app.config.JOB_WARM_PROCESS && !overrides.engine) warmEngineProcess(app.config.JOB_MAX_MEMORY_MB);
  const timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
  timer.unref();
  try {
    app.addHook('onClose', async () => {
      clearInterval(timer);
      stopEngineSpare();
      await queue.offWork(REPORT_QUEUE).catch(() => {});
    });
  } catch {
    // Hooks cannot be added once the app is ready (`npm run worker`); the queue's graceful stop in
    // app.ts ends the workers, and the unref'd timer does not keep the process alive.
  }
  app.workerRunning = true;
  app.log.info({ concurrency: app.config.WORKER_CONCURRENCY }, 'report worker ready');
}

/** One report job, counted and its steps timed when metrics are on. */
export async function runMeteredJob(
  metrics: Metrics | null,
  deps: WorkerDeps,
  reportId: string,
): Promise<JobOutcome> {
  if (!metrics) return runReportJob(deps, reportId);
  const run = metrics.runStarted();
  try {
    const outcome = await runReportJob({ ...deps, onStep: (step) => run.step(step) }, reportId);
    run.end(outcome);
    return outcome;
  } catch (err) {
    run.end('error');
    throw err;
  }
}

/**
 * Keeps a process alive through a promise nobody awaited (a stream error inside a library, a timer in
 * an archive reader): Node would exit on it and take every running report with it. Logged instead.
 */
export function logUnhandledRejections(log: Pick<FastifyInstance['log'], 'error'>): () => void {
  const handler = (err: unknown) => log.error({ err }, 'unhandled rejection');
  process.on('unhandledRejection', handler);
  return () => void process.off('unhandledRejection', handler);
}
