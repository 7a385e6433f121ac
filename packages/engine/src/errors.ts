// The engine's one error type. `kind` says which stage failed; `message` is written for the user
// (the worker copies it into the report's error), `detail` is for logs only.

export type EngineErrorKind =
  'ingest' | 'template' | 'analysis' | 'agent' | 'writer' | 'pdf' | 'cancelled' | 'budget';

export class EngineError extends Error {
  readonly kind: EngineErrorKind;
  readonly detail?: string;
  constructor(kind: EngineErrorKind, message: string, options?: { detail?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'EngineError';
    this.kind = kind;
    this.detail = options?.detail;
  }
}

export function isEngineError(e: unknown): e is EngineError {
  return e instanceof EngineError;
}

/** Throws the cancellation error when the signal has fired; stages call this at their boundaries. */
export function throwIfCancelled(signal?: AbortSignal): void {
  if (signal?.aborted) throw new EngineError('cancelled', 'Report generation was cancelled.');
}
