// Reads uploaded templates in worker threads (template-worker.ts) with a time limit, so a hostile template
// costs a thread that is terminated at the limit, never the web process's event loop. The parser, its rules
// and its messages are the shared ones the upload form uses; this only moves where the server runs it.
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { engineMessages } from '@atr/shared';
import type { ReportTemplate } from '@atr/shared/template';
import { EngineError } from '@atr/engine';
import { errors } from '../../errors.ts';
import type { TemplateAnswer, TemplateJob } from './template-worker.ts';

const require = createRequire(import.meta.url);
/** The production build (dist/*.js) runs the compiled worker beside it; the sources run it through tsx. */
const COMPILED = !import.meta.url.endsWith('.ts');
const WORKER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  COMPILED ? 'template-worker.js' : 'template-worker.ts',
);

/** The sources' worker: tsx's ESM hooks registered inside the thread (`--import` does not reach a worker on Node 20). */
function sourceWorker(): string {
  // the package's ESM entry of `tsx/esm/api` (require.resolve would give its CommonJS one)
  const api = path.join(path.dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs');
  return `import(${JSON.stringify(pathToFileURL(api).href)}).then((tsx) => tsx.register()).then(() => import(${JSON.stringify(pathToFileURL(WORKER).href)}));`;
}

/** More templates waiting for a thread than this is refused as busy rather than queued without end. */
export const TEMPLATE_QUEUE_MAX = 32;

/** Too many templates are waiting for a thread: answered 503, try again. */
export class TemplateReaderBusyError extends Error {
  constructor() {
    super(engineMessages.templateReaderBusy);
    this.name = 'TemplateReaderBusyError';
  }
}

export interface TemplateParserOptions {
  /** Time one template may take to read (ms), counted from when its thread starts on it. */
  timeoutMs: number;
  /** Threads reading at once (default: one less than the cores, between 1 and 2). */
  threads?: number;
  /** Heap cap of each thread (MB). */
  maxMemoryMb?: number;
}

export interface TemplateParser {
  /** The validated template, or EngineError('template', message) as the synchronous parser throws it. */
  parse(text: string, options: { maxHeadings: number }): Promise<ReportTemplate>;
  /** Ends every thread; waiting and running reads fail. */
  close(): Promise<void>;
}

interface Pending extends TemplateJob {
  resolve(template: ReportTemplate): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker | null;
  ready: boolean;
  job: Pending | null;
  timer: NodeJS.Timeout | null;
}

export function createTemplateParser(options: TemplateParserOptions): TemplateParser {
  // one core is left to the event loop: a thread busy on a hostile template must not slow it down
  const threads = options.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const maxMemoryMb = options.maxMemoryMb ?? 128;
  const slots: Slot[] = Array.from({ length: threads }, () => ({
    worker: null,
    ready: false,
    job: null,
    timer: null,
  }));
  const waiting: Pending[] = [];
  let nextId = 0;
  let closed = false;

  /** Ends a slot's thread (the next read starts a new one) and fails its read, if any, with `err`. */
  function retire(slot: Slot, err: Error | null): void {
    const { worker, job } = slot;
    if (slot.timer) clearTimeout(slot.timer);
    Object.assign(slot, { worker: null, ready: false, job: null, timer: null });
    worker?.removeAllListeners();
    // a terminated thread's own errors are of no interest
    worker?.on('error', () => {});
    void worker?.terminate();
    if (job) job.reject(err ?? new Error('template reader stopped'));
    dispatch();
  }

  function start(slot: Slot): void {
    const worker = COMPILED
      ? new Worker(WORKER, { resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb } })
      : new Worker(sourceWorker(), { eval: true, resourceLimits: { maxOldGenerationSizeMb: maxMemoryMb } });
    // an idle thread never keeps the process alive
    worker.unref();
    slot.worker = worker;
    worker.on('message', (a: TemplateAnswer) => {
      if (a.type === 'ready') {
        slot.ready = true;
        return dispatch();
      }
      const job = slot.job;
      if (!job || job.id !== a.id) return;
      if (slot.timer) clearTimeout(slot.timer);
      slot.job = null;
      slot.timer = null;
      if (a.type === 'parsed') job.resolve(a.template);
      else if (a.type === 'refused') job.reject(new EngineError('template', a.message));
      else job.reject(new Error(`template reader failed: ${a.message}`));
      dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) =>
      retire(
        slot,
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new EngineError('template', engineMessages.templateTooMuchMemory(maxMemoryMb))
          : err,
      ),
    );
    worker.on('exit', () => {
      if (slot.worker === worker) retire(slot, new Error('template reader exited'));
    });
  }

  /** Gives waiting reads to ready, idle threads; starts threads that are missing. */
  function dispatch(): void {
    if (closed) return;
    for (const slot of slots) {
      if (waiting.length === 0) return;
      if (!slot.worker) start(slot);
      if (!slot.ready || slot.job) continue;
      const job = waiting.shift()!;
      slot.job = job;
      // the limit counts from here: a thread's start-up and a wait in the queue are not the template's
      slot.timer = setTimeout(
        () =>
          retire(slot, new EngineError('template', engineMessages.templateTooSlow(options.timeoutMs / 1000))),
        options.timeoutMs,
      );
      slot.worker!.postMessage({
        id: job.id,
        text: job.text,
        maxHeadings: job.maxHeadings,
      } satisfies TemplateJob);
    }
  }

  return {
    parse(text, { maxHeadings }) {
      if (closed) return Promise.reject(new Error('template reader closed'));
      if (waiting.length >= TEMPLATE_QUEUE_MAX) return Promise.reject(new TemplateReaderBusyError());
      return new Promise<ReportTemplate>((resolve, reject) => {
        waiting.push({ id: ++nextId, text, maxHeadings, resolve, reject });
        dispatch();
      });
    },
    async close() {
      closed = true;
      for (const job of waiting.splice(0)) job.reject(new Error('template reader closed'));
      await Promise.all(
        slots.map(async (slot) => {
          const { worker } = slot;
          retire(slot, null);
          await worker?.terminate();
        }),
      );
    },
  };
}

/** A template a user sent, read by the parser: a refusal answers 400 with its message, a full queue 503. */
export async function readUploadedTemplate(
  parser: TemplateParser,
  text: string,
  options: { maxHeadings: number },
): Promise<ReportTemplate> {
  try {
    return await parser.parse(text, options);
  } catch (e) {
    if (e instanceof EngineError) throw errors.validation(e.message);
    if (e instanceof TemplateReaderBusyError) throw errors.unavailable(e.message);
    throw e;
  }
}
