// The report job: claims the report, runs the engine in a private work dir, writes progress, stores
// the artifacts and settles the row. Safe under at-least-once delivery: a job for a report that is
// finished, cancelled, deleted or held by a live run does nothing.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createWriteStream } from 'node:fs';
import type PgBoss from 'pg-boss';
import { PIPELINE_STEPS, STEP_INDEX, messages, type ReportStep, type StepLogEntry } from '@atr/shared';
import {
  EngineError,
  parseTemplate,
  type EngineContext,
  type ImageAsset,
  type PipelineStep,
  type ProgressUnits,
  type ReportArtifacts,
  type ReportInput,
  type ReportTemplate,
} from '@atr/engine';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/index.ts';
import { REPORT_QUEUE } from '../../plugins/queue.ts';
import { storageConfigOf, type Storage } from '../../plugins/storage.ts';
import { aiContext, engineModeOf } from './ai.ts';
import { EngineProcessError, runEngineInProcess } from './engine-process.ts';
import { analysisCacheFor } from './analysis-cache.ts';
import { reportPrefix, storeArtifacts, type StoredArtifacts } from './artifacts.ts';
import { reportRepository, type ReportRow, type StoredInputFile } from './repository.ts';

export type Engine = (input: ReportInput, ctx: EngineContext) => Promise<ReportArtifacts>;

export interface WorkerDeps {
  db: Database;
  storage: Storage;
  config: Config;
  queue: PgBoss | null;
  log: {
    info(o: unknown, m?: string): void;
    warn(o: unknown, m?: string): void;
    error(o: unknown, m?: string): void;
  };
  /** The pipeline; the real engine unless a test passes another. */
  engine?: Engine;
  /** How often a run beats its heartbeat and checks for cancel (ms). */
  heartbeatMs?: number;
  /** Minimum gap between progress writes inside a step (ms). */
  progressWriteMs?: number;
  /** The module the engine's own process runs (tests pass one that crashes); the real engine by default. */
  engineModule?: string;
  /**
   * Reads the run's template off the event loop (the app's template reader); the synchronous parser when
   * absent. Either refuses with EngineError('template').
   */
  parseTemplate?: (text: string, options: { maxHeadings: number }) => Promise<ReportTemplate>;
  /** Told the step of each progress call of a run (the metrics time the steps). */
  onStep?: (step: PipelineStep) => void;
}

export type JobOutcome =
  'completed' | 'failed' | 'cancelled' | 'deleted' | 'skipped' | 'deferred' | 'requeued';

/** Overall percent for a step and a percent inside it: the spec's baselines 5/25/75/95/100, monotonic. */
export function overallProgress(step: PipelineStep | ReportStep, percent: number): number {
  if (step === 'done') return 99;
  const i = STEP_INDEX[step as ReportStep] ?? 0;
  const start = i === 0 ? 0 : PIPELINE_STEPS[i - 1]!.baseline;
  const end = PIPELINE_STEPS[i]!.baseline;
  const p = Math.max(0, Math.min(100, percent));
  return Math.min(99, Math.round(start + ((end - start) * p) / 100));
}

/** The longest engine message kept in the step log. */
const STEP_MESSAGE_MAX = 200;

/**
 * The live step log of one run: a step the engine enters opens an entry (and closes the one before), later calls
 * in the same step update its message and units. 'done' closes the last step and opens nothing.
 */
export function stepLogger(now: () => Date = () => new Date()) {
  const entries: StepLogEntry[] = [];
  const close = (at: string) => {
    const last = entries[entries.length - 1];
    if (last && !last.endedAt) last.endedAt = at;
  };
  return {
    entries,
    record(step: PipelineStep, message?: string, units?: ProgressUnits) {
      const at = now().toISOString();
      let last = entries[entries.length - 1];
      if (step === 'done') return close(at);
      if (!last || last.step !== step) {
        close(at);
        last = { step, startedAt: at, endedAt: null, message: null, done: null, total: null };
        entries.push(last);
      }
      if (message) last.message = message.slice(0, STEP_MESSAGE_MAX);
      if (units && Number.isFinite(units.done) && Number.isFinite(units.total)) {
        last.done = Math.max(0, Math.round(units.done));
        last.total = Math.max(0, Math.round(units.total));
      }
    },
    finish() {
      close(now().toISOString());
    },
    /** A copy to write, so later calls cannot change what a write in flight sends. */
    snapshot: (): StepLogEntry[] => entries.map((e) => ({ ...e })),
  };
}

/** Runs of one report that may end its process before the report is failed instead of retried. */
export const MAX_CRASHES = 2;
/** Work folders of report runs: `atr-job-<pid of the worker process>-<random>` in the temp folder. */
const WORK_DIR_PREFIX = 'atr-job-';
/** Work folders of this process's runs in flight, which the clean-up must leave alone. */
const activeWorkDirs = new Set<string>();

async function download(storage: Storage, file: StoredInputFile, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  await pipeline(await storage.get(file.key), createWriteStream(target));
}

class RunStopped extends Error {
  constructor(readonly why: 'cancel' | 'gone') {
    super(why);
  }
}

export async function runReportJob(deps: WorkerDeps, reportId: string): Promise<JobOutcome> {
  const { db, storage, config, log } = deps;
  const repo = reportRepository(db);
  const runId = randomUUID();
  const claimed = await repo.claim(reportId, runId, config.REPORT_STALE_SECONDS, config.JOBS_PER_USER);
  if (claimed === null) {
    // Nothing to do, except settling a cancel that arrived while no run held the report.
    const row = await repo.findById(reportId);
    if (row?.status === 'processing' && row.cancel_requested && (await repo.markCancelled(reportId))) {
      await storage.delete(reportPrefix(reportId));
      return 'cancelled';
    }
    return 'skipped';
  }
  if (claimed === 'busy') {
    // The owner is at the per-user cap: try again shortly with a fresh job; this one completes.
    if (deps.queue) await deps.queue.send(REPORT_QUEUE, { reportId }, { startAfter: 5 });
    return 'deferred';
  }
  const row: ReportRow = claimed;
  log.info({ reportId, runId, attempt: row.attempts }, 'report job started');

  const controller = new AbortController();
  let stopped: 'cancel' | 'gone' | null = null;
  const stop = (why: 'cancel' | 'gone') => {
    if (stopped) return;
    stopped = why;
    controller.abort(new RunStopped(why));
  };
  const beat = setInterval(() => {
    repo.heartbeat(reportId, runId).then(
      (s) => {
        if (s === 'cancel') stop('cancel');
        else if (s === 'gone') stop('gone');
      },
      (err: unknown) => log.warn({ err, reportId }, 'heartbeat failed'),
    );
  }, deps.heartbeatMs ?? 2_000);

  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `${WORK_DIR_PREFIX}${process.pid}-`));
  activeWorkDirs.add(workDir);
  /** A progress write waiting for the end of the write interval. */
  let trailing: NodeJS.Timeout | undefined;
  try {
    const input = row.input;
    const templateText = (await storage.read(input.template.key)).toString('utf8');
    const template = await (deps.parseTemplate ?? parseTemplate)(templateText, {
      maxHeadings: config.TEMPLATE_MAX_HEADINGS,
    });

    const images: ImageAsset[] = [];
    for (const [i, img] of input.images.entries()) {
      const p = path.join(workDir, 'images', `${i}-${path.basename(img.key)}`);
      await download(storage, img, p);
      images.push({ name: img.name, path: p, mime: img.mime });
    }
    let logo: ImageAsset | undefined;
    if (input.logo) {
      const p = path.join(workDir, path.basename(input.logo.key));
      await download(storage, input.logo, p);
      logo = { name: input.logo.name, path: p, mime: input.logo.mime };
    }
    let source: ReportInput['source'];
    if (row.project_source === 'github') {
      source = {
        kind: 'github',
        url: input.githubUrl ?? '',
        ...(row.github_token ? { token: row.github_token } : {}),
        ...(config.GITHUB_API_BASE ? { apiBase: config.GITHUB_API_BASE } : {}),
      };
    } else {
      if (!input.codebase) throw new EngineError('ingest', messages.validation.zipRequired);
      const p = path.join(workDir, 'codebase.zip');
      await download(storage, input.codebase, p);
      source = { kind: 'zip', path: p };
    }
    const company = Object.fromEntries(
      Object.entries(input.company ?? {}).filter(([, v]) => v),
    ) as ReportInput['company'];

    // Progress and the step log: every step boundary is written at once, inside a step at most one write per
    // interval; a call that falls inside the interval is written when it ends (trailing), so the latest message
    // and units always reach the row even when the engine then goes quiet for a long time.
    let lastStep = '';
    let lastWrite = 0;
    let latestPercent = 0;
    const minGap = deps.progressWriteMs ?? 1_000;
    const steps = stepLogger();
    const write = (step: PipelineStep, percent: number) => {
      lastWrite = Date.now();
      return repo.progress(reportId, runId, step, overallProgress(step, percent), steps.snapshot());
    };
    const onProgress = async (
      step: PipelineStep,
      percent: number,
      message?: string,
      units?: ProgressUnits,
    ) => {
      if (controller.signal.aborted) throw new EngineError('cancelled', messages.report.cancelled);
      deps.onStep?.(step);
      steps.record(step, message, units);
      const now = Date.now();
      if (step === lastStep && now - lastWrite < minGap) {
        latestPercent = Math.max(latestPercent, percent);
        if (!trailing)
          trailing = setTimeout(
            () => {
              trailing = undefined;
              if (controller.signal.aborted || step !== lastStep) return;
              write(step, latestPercent).catch((err: unknown) =>
                log.warn({ err, reportId }, 'progress write failed'),
              );
            },
            minGap - (now - lastWrite),
          );
        return;
      }
      const isBoundary = step !== lastStep;
      clearTimeout(trailing);
      trailing = undefined;
      lastStep = step;
      latestPercent = percent;
      await write(step, percent);
      // Step boundaries also check the row directly, so a cancel stops work at the next step.
      if (isBoundary) {
        const s = await repo.heartbeat(reportId, runId);
        if (s !== 'continue') {
          stop(s);
          throw new EngineError('cancelled', messages.report.cancelled);
        }
      }
    };

    await fs.mkdir(path.join(workDir, 'engine'), { recursive: true });
    const engineInput: ReportInput = {
      projectName: row.project_name,
      source,
      template,
      images,
      ...(logo ? { logo } : {}),
      ...(company ? { company } : {}),
    };
    const engineCtx = {
      workDir: path.join(workDir, 'engine'),
      now: () => new Date(),
      onProgress,
      signal: controller.signal,
      log: (message: string, data?: Record<string, unknown>) => log.info({ reportId, ...data }, message),
      limits: {
        maxZipBytes: config.UPLOAD_MAX_ZIP_BYTES,
        maxImagePixels: config.IMAGE_MAX_PIXELS,
        maxTemplateHeadings: config.TEMPLATE_MAX_HEADINGS,
        maxReportPages: config.REPORT_MAX_PAGES,
      },
      // An unchanged code base of the same owner reuses its analysis (POST /api/reports/cache/clear empties it).
      analysisCache: analysisCacheFor(db, storage, row.user_id, {
        log: (message, data) => log.info({ reportId, ...data }, message),
      }),
      // The language model, when configured, with this user's response cache (issue: AI agents).
      ...aiContext(config, db, row.user_id),
    };
    // A real run gets a process of its own (engine-process.ts), which also writes the files to storage,
    // so this process only records their sizes; tests may run an engine here instead.
    let stored: StoredArtifacts;
    if (deps.engine) {
      const artifacts = await deps.engine(engineInput, engineCtx);
      if (controller.signal.aborted) throw new EngineError('cancelled', messages.report.cancelled);
      stored = await storeArtifacts(storage, reportId, artifacts);
    } else {
      stored = await runEngineInProcess(engineInput, engineCtx, {
        maxMemoryMb: config.JOB_MAX_MEMORY_MB,
        timeoutMs: config.JOB_TIMEOUT_S * 1000,
        ...(deps.engineModule ? { engineModule: deps.engineModule } : {}),
        store: { reportId, storage: storageConfigOf(config) },
        keepSpare: config.JOB_WARM_PROCESS,
      });
    }
    if (controller.signal.aborted) throw new EngineError('cancelled', messages.report.cancelled);

    const prefix = reportPrefix(reportId);
    clearTimeout(trailing);
    steps.finish();
    if (
      await repo.complete(reportId, runId, stored.sizes, stored.pageCount, stored.timings, {
        stepLog: steps.snapshot(),
        mode: engineModeOf(config),
      })
    ) {
      log.info({ reportId }, 'report completed');
      return 'completed';
    }
    // Cancelled or deleted while the files were being written: leave nothing behind.
    const now = await repo.findById(reportId);
    if (!now) {
      await storage.delete(prefix);
      return 'deleted';
    }
    if (now.cancel_requested && (await repo.markCancelled(reportId))) {
      await storage.delete(prefix);
      return 'cancelled';
    }
    return 'skipped';
  } catch (err) {
    if (stopped === 'gone' || (await repo.findById(reportId)) === null) {
      await storage.delete(reportPrefix(reportId));
      return 'deleted';
    }
    const cancelled = stopped === 'cancel' || (err instanceof EngineError && err.kind === 'cancelled');
    if (cancelled) {
      await repo.markCancelled(reportId);
      await storage.delete(reportPrefix(reportId));
      log.info({ reportId }, 'report cancelled');
      return 'cancelled';
    }
    if (err instanceof EngineProcessError) {
      log.error({ err, reportId, reason: err.reason }, 'report run ended its process');
      if (err.reason === 'timed-out') {
        await repo.fail(reportId, runId, messages.report.timedOut(Math.round(config.JOB_TIMEOUT_S / 60)));
        return 'failed';
      }
      // A run that crashed or exhausted its process is tried once more, then failed: never handed on in a loop.
      const after = await repo.recordCrash(reportId, runId, MAX_CRASHES, messages.report.crashedTwice);
      if (after === 'processing' && deps.queue) {
        await deps.queue.send(REPORT_QUEUE, { reportId });
        return 'requeued';
      }
      return after === 'processing' ? 'requeued' : 'failed';
    }
    // The user sees the engine's message, written for them; anything else gets the catalogue's default.
    const message = err instanceof EngineError ? err.message : messages.report.failedDefault;
    log.error({ err, reportId }, 'report failed');
    await repo.fail(reportId, runId, message);
    return 'failed';
  } finally {
    clearInterval(beat);
    clearTimeout(trailing);
    await fs.rm(workDir, { recursive: true, force: true }).catch(() => {});
    activeWorkDirs.delete(workDir);
  }
}

/** Recovers reports whose run died (heartbeat stale) or whose job was lost; gives up after the attempt cap. */
export async function sweepReports(
  deps: WorkerDeps,
): Promise<{ requeued: string[]; failed: string[]; cancelled: string[] }> {
  const repo = reportRepository(deps.db);
  const { config } = deps;
  const cancelled = await repo.settleCancelled(config.REPORT_STALE_SECONDS);
  for (const id of cancelled) await deps.storage.delete(reportPrefix(id));
  const { requeue, failed } = await repo.sweepStale(
    config.REPORT_STALE_SECONDS,
    config.REPORT_MAX_ATTEMPTS,
    deps.queue !== null,
    MAX_CRASHES,
  );
  await removeStaleWorkDirs(os.tmpdir(), config.REPORT_STALE_SECONDS).catch((err: unknown) =>
    deps.log.warn({ err }, 'could not clean up work folders'),
  );
  if (deps.queue) for (const id of requeue) await deps.queue.send(REPORT_QUEUE, { reportId: id });
  if (requeue.length || failed.length || cancelled.length)
    deps.log.warn({ requeue, failed, cancelled }, 'report sweep recovered reports');
  return { requeued: requeue, failed, cancelled };
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes work folders left by runs that can no longer finish: those of a worker process that is gone
 * (killed mid-run), those of this process that no run holds, and unnamed ones older than `staleSeconds`.
 * Called by the sweep, so at start-up and every half minute.
 */
export async function removeStaleWorkDirs(dir: string, staleSeconds: number): Promise<string[]> {
  const removed: string[] = [];
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(WORK_DIR_PREFIX)) continue;
    const full = path.join(dir, name);
    const pid = /^atr-job-(\d+)-/.exec(name)?.[1];
    let stale: boolean;
    if (pid === undefined) {
      const stat = await fs.stat(full).catch(() => null);
      stale = stat !== null && Date.now() - stat.mtimeMs > staleSeconds * 1000;
    } else if (Number(pid) === process.pid) stale = !activeWorkDirs.has(full);
    else stale = !processAlive(Number(pid));
    if (!stale) continue;
    await fs.rm(full, { recursive: true, force: true });
    removed.push(full);
  }
  return removed;
}
