// The report engine's own process: one report per process, started by engine-process.ts. The database
// stays in the parent; this side asks for it over IPC (progress, log lines, the analysis and model
// caches, the analysis as JSON text). It writes the finished run's files to storage itself and hands
// back only their sizes. A crash here — an exception thrown in a library's callback, a heap that
// outgrows its cap, a native fault — ends this process only.
import type { EngineContext, ReportArtifacts, ReportInput } from '@atr/engine';
import { createStorage } from '../../plugins/storage.ts';
import { readCachedAnalysis, storeArtifacts } from './artifacts.ts';
import type { ChildRequest, ChildMessage, StartMessage } from './engine-process.ts';

type Send = (message: ChildMessage) => Promise<void>;

const send: Send = (message) =>
  new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('the report process has no parent'));
    process.send(message, undefined, {}, (err) => (err ? reject(err) : resolve()));
  });

let nextCall = 0;
const calls = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();

function call(method: ChildRequest['method'], args: unknown[]): Promise<unknown> {
  const id = ++nextCall;
  return new Promise((resolve, reject) => {
    calls.set(id, { resolve, reject });
    send({ type: 'call', id, method, args }).catch(reject);
  });
}

const controller = new AbortController();
/**
 * The engine starts loading at once: a spare process (engine-process.ts) has it loaded before its run
 * arrives, and a new one loads it while the parent sends the start message.
 */
const realEngine = import('@atr/engine');
/** When the engine had loaded, in ms from this process's start (a failed load is reported by the run). */
const engineLoadMs = realEngine.then(
  () => Math.round(performance.now()),
  () => NaN,
);

async function run(start: StartMessage): Promise<void> {
  const real = await realEngine;
  const { EngineError } = real;
  const engine = (start.engineModule ? await import(start.engineModule) : real) as {
    generateReport: (input: ReportInput, ctx: EngineContext) => Promise<ReportArtifacts>;
  };
  const log: EngineContext['log'] = (message, data) =>
    void send({ type: 'log', message, ...(data ? { data } : {}) }).catch(() => {});
  const storage = createStorage(start.store.storage);
  const cache = start.analysisCache;
  log('report engine loaded', { loadMs: await engineLoadMs });
  const ctx: EngineContext = {
    workDir: start.workDir,
    now: () => new Date(),
    signal: controller.signal,
    async onProgress(step, percent, message, units) {
      if (controller.signal.aborted) throw new EngineError('cancelled', 'Report generation was cancelled.');
      await send({
        type: 'progress',
        step,
        percent,
        ...(message ? { message } : {}),
        ...(units ? { units } : {}),
      });
    },
    log,
    limits: start.limits,
    ...(cache
      ? {
          analysisCache: {
            async get(key) {
              const storageKey = (await call('analysisCache.get', [key])) as string | null;
              return storageKey === null ? null : readCachedAnalysis(storage, storageKey);
            },
            async set(key, analysis) {
              const json = JSON.stringify(analysis);
              const bytes = Buffer.byteLength(json);
              if (bytes > cache.maxBytes)
                return log('analysis not cached: larger than the cache limit', {
                  bytes,
                  maxBytes: cache.maxBytes,
                });
              const storageKey = `${cache.prefix}${key}.json`;
              await storage.put(storageKey, Buffer.from(json));
              await call('analysisCache.set', [key, storageKey, bytes]);
            },
          },
        }
      : {}),
    ...(start.ai
      ? {
          ai: start.ai,
          modelCache: {
            get: (key) => call('modelCache.get', [key]) as Promise<string | undefined>,
            set: async (key, value) => void (await call('modelCache.set', [key, value])),
          },
        }
      : {}),
  };
  try {
    const artifacts = await engine.generateReport(start.input, ctx);
    if (controller.signal.aborted) throw new EngineError('cancelled', 'Report generation was cancelled.');
    const stored = await storeArtifacts(createStorage(start.store.storage), start.store.reportId, artifacts);
    await send({ type: 'done', stored });
  } catch (err) {
    const e = err as { name?: string; kind?: string; message?: string; detail?: string };
    await send({
      type: 'failed',
      error: {
        engine: e?.name === 'EngineError',
        kind: e?.kind ?? 'analysis',
        message: String(e?.message ?? err),
        ...(e?.detail ? { detail: e.detail } : {}),
      },
    });
  }
  process.disconnect();
}

process.on(
  'message',
  (
    message:
      | StartMessage
      | { type: 'abort' }
      | { type: 'result'; id: number; ok: boolean; value?: unknown; error?: string },
  ) => {
    if (message.type === 'start') void run(message);
    else if (message.type === 'abort') controller.abort();
    else if (message.type === 'result') {
      const pending = calls.get(message.id);
      calls.delete(message.id);
      if (message.ok) pending?.resolve(message.value);
      else pending?.reject(new Error(message.error ?? 'the parent could not answer'));
    }
  },
);
// The parent going away (its process died) leaves nothing for this run to report to.
process.on('disconnect', () => process.exit(0));
void send({ type: 'ready' });
