// Turns any error the app can meet into a sentence a user understands and says whether asking again can help.
// Technical detail (status, body, stack) is for the console: see `logError`.
import { errorMessages } from '@atr/shared';
import { ApiRequestError, ApiNetworkError, ApiResponseError } from './api-client.ts';

/** A server message is shown as sent only when it reads like a sentence, never raw JSON, HTML or a stack. */
export function isReadableMessage(text: string | undefined | null): text is string {
  if (!text) return false;
  const t = text.trim();
  if (t.length < 3 || t.length > 400) return false;
  if (/^[[{<]/.test(t)) return false;
  if (
    /\b(E[A-Z]{3,}|getaddrinfo|ECONN\w*|ETIMEDOUT|stack|at \S+ \(|TypeError|SyntaxError|undefined|null)\b/.test(
      t,
    )
  )
    return false;
  return /[a-z]/.test(t);
}

/** True when the request failed because the browser could not reach the server at all. */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiNetworkError) return true;
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

export function userMessage(error: unknown): string {
  if (isNetworkError(error)) return errorMessages.offline;
  if (error instanceof ApiResponseError) return errorMessages.unreadable;
  if (error instanceof ApiRequestError) {
    const s = error.status;
    if (s >= 500) return errorMessages.serverBusy;
    if (s === 401) return errorMessages.sessionEnded;
    if (s === 403) return errorMessages.forbidden;
    if (s === 404) return errorMessages.notFound;
    // 400, 409, 413, 422, 429…: the server's own catalogue sentence when it is one.
    return isReadableMessage(error.body) ? error.body : errorMessages.rejected;
  }
  return errorMessages.unexpected;
}

/** Whether a Try again button can help: the connection, the server's own trouble, or a rate limit. */
export function isRetryable(error: unknown): boolean {
  if (isNetworkError(error)) return true;
  if (error instanceof ApiResponseError) return true;
  if (error instanceof ApiRequestError)
    return error.status >= 500 || error.status === 429 || error.status === 408;
  return true;
}

/** A failed report's stored error as a user reads it: engine and network internals become a sentence. */
export function reportErrorText(error: string | null | undefined, fallback: string): string {
  if (!error) return fallback;
  if (
    /getaddrinfo|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|socket hang up|fetch failed/i.test(
      error,
    )
  ) {
    return /github/i.test(error) ? errorMessages.githubUnreachable : errorMessages.serviceUnreachable;
  }
  if (/\b(401|403)\b.*github|github.*\b(401|403)\b/i.test(error)) return errorMessages.githubAccess;
  return isReadableMessage(error) ? error : fallback;
}

/** No answer from the auth service (offline, server down) or its own 5xx: a sentence, or null for other errors. */
export function authConnectionProblem(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { name?: string; status?: number; message?: string };
  if (
    e.name === 'AuthRetryableFetchError' ||
    e.status === 0 ||
    /failed to fetch|networkerror|load failed/i.test(e.message ?? '')
  )
    return errorMessages.offline;
  if (typeof e.status === 'number' && e.status >= 500) return errorMessages.serverBusy;
  return null;
}

/** An auth-service failure as "{fallback}: {its message}" when that message reads well, else the fallback alone. */
export function authFailureText(error: unknown, fallback: string): string {
  const connection = authConnectionProblem(error);
  if (connection) return connection;
  const message = error && typeof error === 'object' ? (error as { message?: string }).message : undefined;
  return isReadableMessage(message) ? `${fallback}: ${message}` : fallback;
}

/** Keeps the technical detail where a developer looks for it. */
export function logError(context: string, error: unknown): void {
  console.warn(`[ATR] ${context}`, error);
}
