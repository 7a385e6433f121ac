// Runs the report engine in a child process (engine-child.ts) with a heap cap and a wall-clock limit,
// so one hostile upload can crash, exhaust or stall only its own run: the web process and the worker
// keep serving everyone else. The parent answers the child's calls (progress, log lines, the analysis
// and model caches) with the same functions an in-process run would use.
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  EngineError,
  type AiConfig,
  type EngineContext,
  type PipelineStep,
  type ProgressUnits,
  type ReportArtifacts,
  type ReportInput,
} from '@atr/engine';

const require = createRequire(import.meta.url);
const CHILD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'engine-child.ts');
/** Time a cancelled run gets to stop at its next step before it is killed. */
const CANCEL_GRACE_MS = 10_000;

export interface StartMessage {
  type: 'start';
  engineModule: string;
  input: ReportInput;
  workDir: string;
  limits: EngineContext['limits'];
  analysisCache: boolean;
  ai?: AiConfig;
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
  | { type: 'done'; artifacts: ReportArtifacts }
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

export interface EngineProcessOptions {
  /** Heap cap of the child (MB), `--max-old-space-size`. */
  maxMemoryMb: number;
  /** Wall-clock limit (ms) after which the child is killed. */
  timeoutMs: number;
  /** The module whose `generateReport` runs (tests pass their own); the real engine by default. */
  engineModule?: string;
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

/** The loader the child needs to run the server's TypeScript sources, as `npm start` runs them. */
function tsxLoader(): string {
  return pathToFileURL(require.resolve('tsx')).href;
}

/**
 * Runs `generateReport(input, ctx)` in a child process and resolves with its artifacts. Engine errors
 * come back as EngineErrors; a crash, an exhausted heap or the time limit reject with an
 * EngineProcessError. `ctx.signal` aborting asks the child to stop at its next step, then kills it.
 */
export function runEngineInProcess(
  input: ReportInput,
  ctx: EngineContext,
  options: EngineProcessOptions,
): Promise<ReportArtifacts> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], {
      execArgv: ['--import', tsxLoader(), `--max-old-space-size=${options.maxMemoryMb}`],
      serialization: 'advanced',
      env: childEnv(),
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
    });
    let settled = false;
    let stderr = '';
    let timedOut = false;
    const timers: NodeJS.Timeout[] = [];
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      for (const t of timers) clearTimeout(t);
      ctx.signal?.removeEventListener('abort', onAbort);
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

    child.stderr?.on('data', (chunk: Buffer) => {
      // Kept for the reason of a crash (V8 prints "heap out of memory" here); capped.
      stderr = (stderr + chunk.toString('utf8')).slice(-8192);
      process.stderr.write(chunk);
    });

    const answerCall = async (message: ChildRequest) => {
      try {
        const [first, second] = message.args as [string, unknown];
        let value: unknown;
        if (message.method === 'analysisCache.get') value = await ctx.analysisCache?.get(first);
        else if (message.method === 'analysisCache.set') await ctx.analysisCache?.set(first, second as never);
        else if (message.method === 'modelCache.get') value = await ctx.modelCache?.get(first);
        else await ctx.modelCache?.set(first, second as string);
        if (child.connected) child.send({ type: 'result', id: message.id, ok: true, value });
      } catch (err) {
        if (child.connected)
          child.send({ type: 'result', id: message.id, ok: false, error: (err as Error).message });
      }
    };

    child.on('message', (message: ChildMessage) => {
      switch (message.type) {
        case 'ready': {
          const start: StartMessage = {
            type: 'start',
            engineModule: options.engineModule ?? '@atr/engine',
            input,
            workDir: ctx.workDir,
            limits: ctx.limits,
            analysisCache: ctx.analysisCache !== undefined,
            ...(ctx.ai ? { ai: ctx.ai } : {}),
          };
          child.send(start);
          break;
        }
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
          finish(() => resolve(message.artifacts));
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
