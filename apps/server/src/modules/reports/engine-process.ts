// Runs the report engine in a child process (engine-child.ts) with a heap cap and a wall-clock limit,
// so one hostile upload can crash, exhaust or stall only its own run: the web process and the worker
// keep serving everyone else. The parent answers the child's calls (progress, log lines, the analysis
// and model caches) with the same functions an in-process run would use. The child writes the run's
// files to storage itself and hands back only their sizes, and reads and writes cached analyses there
// too, asking the parent only for their keys: no document or analysis crosses to the parent.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  EngineError,
  type AiConfig,
  type EngineContext,
  type PipelineStep,
  type ProgressUnits,
  type ReportInput,
} from '@atr/engine';
import type { StorageConfig } from '../../plugins/storage.ts';
import type { StoredArtifacts } from './artifacts.ts';

const require = createRequire(import.meta.url);
/**
 * The production build (dist/*.js) forks the compiled child that sits beside it; the TypeScript
 * sources (development, tests) fork the child's source through the tsx loader.
 */
const COMPILED = !import.meta.url.endsWith('.ts');
const CHILD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  COMPILED ? 'engine-child.js' : 'engine-child.ts',
);
/** Time a cancelled run gets to stop at its next step before it is killed. */
const CANCEL_GRACE_MS = 10_000;

/** Where the child writes a finished run's files: the report and the storage settings (S3 keys included). */
export interface StoreTarget {
  reportId: string;
  storage: StorageConfig;
}

export interface StartMessage {
  type: 'start';
  /** A test's engine module; the real engine when absent. */
  engineModule?: string;
  input: ReportInput;
  workDir: string;
  limits: EngineContext['limits'];
  /** Where the child keeps cached analyses and the largest it keeps; absent when there is no cache. */
  analysisCache?: { prefix: string; maxBytes: number };
  ai?: AiConfig;
  store: StoreTarget;
}

export type ChildRequest = {
  type: 'call';
  id: number;
  method: 'analysisCache.get' | 'analysisCache.set' | 'modelCache.get' | 'modelCache.set';
  args: unknown[];
};

export type ChildMessage =
  | { type: 'ready' }
  | { type: 'progress'; step: PipelineStep; percent: number; message?: string; units?: ProgressUnits }
  | { type: 'log'; message: string; data?: Record<string, unknown> }
  | ChildRequest
  | { type: 'done'; stored: StoredArtifacts }
  | { type: 'failed'; error: { engine: boolean; kind: string; message: string; detail?: string } };

/** Why a run ended without an answer: its process died, ran out of heap, or took too long. */
export class EngineProcessError extends Error {
  constructor(
    readonly reason: 'crashed' | 'out-of-memory' | 'timed-out',
    message: string,
  ) {
    super(message);
    this.name = 'EngineProcessError';
  }
}

/**
 * The analysis cache as the parent keeps it for a child: the child reads and writes the analysis files
 * in the storage itself (under `prefix`, at most `maxBytes` each), the parent only looks up and records
 * their keys.
 */
export interface StoredAnalysisCache {
  prefix: string;
  maxBytes: number;
  /** The storage key of the cached analysis for a content key, or null. */
  lookup(key: string): Promise<string | null>;
  /** Records the analysis the child has stored for a content key. */
  record(key: string, storageKey: string, bytes: number): Promise<void>;
}

export type EngineProcessContext = Omit<EngineContext, 'analysisCache'> & {
  analysisCache?: StoredAnalysisCache;
};

export interface EngineProcessOptions {
  /** Heap cap of the child (MB), `--max-old-space-size`. */
  maxMemoryMb: number;
  /** Wall-clock limit (ms) after which the child is killed. */
  timeoutMs: number;
  /** The module whose `generateReport` runs (tests pass their own); the real engine by default. */
  engineModule?: string;
  /** Where the child stores the run's files. */
  store: StoreTarget;
  /** After the run, start a spare process for the next one (warmEngineProcess). */
  keepSpare?: boolean;
}

/**
 * What the engine's process may see of the environment: everything but the server's own secrets
 * (database, mail, payments, signing keys). The model's key reaches it inside the AI settings.
 */
const SECRET_ENV =
  /^(.*DATABASE_URL|.*DATABASE_LISTEN_URL|SMTP_URL|STRIPE_.*|.*SECRET.*|.*PASSWORD.*|.*API_KEY|.*TOKEN.*|S3_.*KEY.*)$/i;

export function childEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !SECRET_ENV.test(k)));
}

/** The loader the child needs to run the server's TypeScript sources, in development and tests. */
function tsxLoader(): string {
  return pathToFileURL(require.resolve('tsx')).href;
}

/** A report process and when it said it was ready (its engine loads from then on, before any run). */
interface EngineChild {
  child: ChildProcess;
  maxMemoryMb: number;
  /** Resolves with the ms from fork to the child's 'ready'; never settles if the child dies first. */
  ready: Promise<number>;
  /** The last of its stderr: V8 prints "heap out of memory" here, a crash its error. */
  stderr: string;
}

function forkEngine(maxMemoryMb: number): EngineChild {
  const forkedAt = performance.now();
  const child = fork(CHILD, [], {
    execArgv: [...(COMPILED ? [] : ['--import', tsxLoader()]), `--max-old-space-size=${maxMemoryMb}`],
    serialization: 'advanced',
    env: childEnv(),
    stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
  });
  const entry: EngineChild = { child, maxMemoryMb, ready: Promise.resolve(0), stderr: '' };
  // A run listens for errors once it has the process; a spare's are not worth crashing this one for.
  child.on('error', () => {});
  entry.ready = new Promise((resolve) => {
    const onReady = (message: ChildMessage) => {
      if (message.type !== 'ready') return;
      child.off('message', onReady);
      resolve(Math.round(performance.now() - forkedAt));
    };
    child.on('message', onReady);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    entry.stderr = (entry.stderr + chunk.toString('utf8')).slice(-8192);
    process.stderr.write(chunk);
  });
  return entry;
}

const alive = (c: ChildProcess) => c.exitCode === null && c.signalCode === null && c.connected;

/** A process started ahead of the next run, its engine loading or loaded; at most one per process. */
let spare: EngineChild | undefined;

/**
 * Starts a spare report process with this heap cap, so the next run does not wait for Node and the
 * engine to load. It holds no run's data until it is given one, and neither it nor its channel keeps
 * this process alive.
 */
export function warmEngineProcess(maxMemoryMb: number): void {
  if (spare && spare.maxMemoryMb === maxMemoryMb && alive(spare.child)) return;
  stopEngineSpare();
  const next = forkEngine(maxMemoryMb);
  next.child.unref();
  next.child.channel?.unref();
  next.child.on('exit', () => {
    if (spare === next) spare = undefined;
  });
  spare = next;
}

/** Ends the spare process, if any (the app's shutdown). */
export function stopEngineSpare(): void {
  spare?.child.kill('SIGKILL');
  spare = undefined;
}

/** The spare process when it fits the run, otherwise a new one. */
function takeEngine(maxMemoryMb: number): { proc: EngineChild; warm: boolean } {
  const taken = spare;
  spare = undefined;
  if (taken && taken.maxMemoryMb === maxMemoryMb && alive(taken.child)) {
    taken.child.ref();
    taken.child.channel?.ref();
    return { proc: taken, warm: true };
  }
  taken?.child.kill('SIGKILL');
  return { proc: forkEngine(maxMemoryMb), warm: false };
}

/**
 * Runs `generateReport(input, ctx)` in a child process (the spare one when it fits), which stores the
 * files, and resolves with what to record of them. Engine errors come back as EngineErrors; a crash,
 * an exhausted heap or the time limit reject with an EngineProcessError. `ctx.signal` aborting asks the
 * child to stop at its next step, then kills it.
 */
export function runEngineInProcess(
  input: ReportInput,
  ctx: EngineProcessContext,
  options: EngineProcessOptions,
): Promise<StoredArtifacts> {
  return new Promise((resolve, reject) => {
    const requestedAt = performance.now();
    const { proc, warm } = takeEngine(options.maxMemoryMb);
    const { child } = proc;
    let settled = false;
    let timedOut = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      ctx.signal?.removeEventListener('abort', onAbort);
      if (options.keepSpare) warmEngineProcess(options.maxMemoryMb);
      fn();
    };
    const onAbort = () => {
      if (child.connected) child.send({ type: 'abort' });
      timers.push(setTimeout(() => child.kill('SIGKILL'), CANCEL_GRACE_MS));
    };
    ctx.signal?.addEventListener('abort', onAbort);
    if (ctx.signal?.aborted) onAbort();
    timers.push(
      setTimeout(() => {
        timedOut = true;
        child.kill('SIGKILL');
      }, options.timeoutMs),
    );

    const answerCall = async (message: ChildRequest) => {
      try {
        const [first, second, third] = message.args as [string, string, number];
        let value: unknown;
        if (message.method === 'analysisCache.get') value = (await ctx.analysisCache?.lookup(first)) ?? null;
        else if (message.method === 'analysisCache.set')
          await ctx.analysisCache?.record(first, second, third);
        else if (message.method === 'modelCache.get') value = await ctx.modelCache?.get(first);
        else await ctx.modelCache?.set(first, second as string);
        if (child.connected) child.send({ type: 'result', id: message.id, ok: true, value });
      } catch (err) {
        if (child.connected)
          child.send({ type: 'result', id: message.id, ok: false, error: (err as Error).message });
      }
    };

    void proc.ready.then((readyMs) => {
      if (settled || !child.connected) return;
      const start: StartMessage = {
        type: 'start',
        ...(options.engineModule ? { engineModule: options.engineModule } : {}),
        input,
        workDir: ctx.workDir,
        limits: ctx.limits,
        ...(ctx.analysisCache
          ? { analysisCache: { prefix: ctx.analysisCache.prefix, maxBytes: ctx.analysisCache.maxBytes } }
          : {}),
        ...(ctx.ai ? { ai: ctx.ai } : {}),
        store: options.store,
      };
      child.send(start);
      // readyMs: the process's own start (fork to 'ready'); waitedMs: how long this run waited for it.
      ctx.log?.('report process ready', {
        warm,
        readyMs,
        waitedMs: Math.round(performance.now() - requestedAt),
        pid: child.pid,
        command: child.spawnargs.slice(1),
      });
    });

    child.on('message', (message: ChildMessage) => {
      switch (message.type) {
        case 'progress':
          Promise.resolve(
            ctx.onProgress(message.step, message.percent, message.message, message.units),
          ).catch((err: unknown) => {
            // The parent's progress handler stops a cancelled run: tell the child, as a cancel would.
            if (err instanceof EngineError && err.kind === 'cancelled') onAbort();
          });
          break;
        case 'log':
          ctx.log?.(message.message, message.data);
          break;
        case 'call':
          void answerCall(message);
          break;
        case 'done':
          finish(() => resolve(message.stored));
          break;
        case 'failed': {
          const e = message.error;
          finish(() =>
            reject(
              e.engine
                ? new EngineError(
                    e.kind as EngineError['kind'],
                    e.message,
                    e.detail ? { detail: e.detail } : undefined,
                  )
                : new Error(e.message),
            ),
          );
          break;
        }
      }
    });

    child.on('error', (err) => finish(() => reject(err)));
    // 'close' comes after the last message has been delivered ('exit' may come before it).
    child.on('close', (code, signal) => {
      finish(() => {
        if (timedOut)
          return reject(
            new EngineProcessError(
              'timed-out',
              `the report process was stopped after ${Math.round(options.timeoutMs / 1000)} s`,
            ),
          );
        if (ctx.signal?.aborted)
          return reject(new EngineError('cancelled', 'Report generation was cancelled.'));
        const stderr = proc.stderr;
        if (/heap out of memory|Allocation failed/i.test(stderr))
          return reject(
            new EngineProcessError(
              'out-of-memory',
              `the report process ran out of memory (${options.maxMemoryMb} MB)`,
            ),
          );
        // The thrown error's own line ("Error: …"), not its stack, says what happened.
        const thrown = stderr
          .split('\n')
          .find((l) => /^\w*Error\b.*:/.test(l.trim()))
          ?.trim();
        reject(
          new EngineProcessError(
            'crashed',
            `the report process exited (${signal ?? `code ${code}`})${thrown ? `: ${thrown}` : ''}`,
          ),
        );
      });
    });
  });
}
