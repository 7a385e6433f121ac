// The one catalogue of API errors: each has a code, an HTTP status and a message a user understands.
// One handler turns any thrown error into JSON and hides the internals of 5xx.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages } from '@atr/shared';

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const errors = {
  unauthorized: () => new AppError('unauthorized', 401, messages.validation.authRequired),
  notFound: (message: string = messages.api.notFound) => new AppError('not_found', 404, message),
  reportNotFound: () => new AppError('report_not_found', 404, messages.report.notFound),
  validation: (message: string) => new AppError('validation_failed', 400, message),
  conflict: (message: string) => new AppError('conflict', 409, message),
  paymentRequired: (format: string) =>
    new AppError('payment_required', 402, messages.purchase.mustPurchase(format)),
  payloadTooLarge: (message: string = messages.api.payloadTooLarge) =>
    new AppError('payload_too_large', 413, message),
  tooManyRequests: (message: string = messages.api.tooManyRequests) =>
    new AppError('too_many_requests', 429, message),
  unavailable: (message: string) => new AppError('unavailable', 503, message),
  internal: () => new AppError('internal', 500, messages.api.internal),
};

export function errorBody(e: AppError) {
  return { error: e.code, code: e.code, message: e.message, statusCode: e.statusCode };
}

/** Maps anything thrown in a route to an AppError. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const fe = err as FastifyError;
  if (hasZodFastifySchemaValidationErrors(fe)) {
    const first = fe.validation[0];
    return errors.validation(first?.message ?? messages.api.badRequest);
  }
  if (fe && typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    if (fe.statusCode === 413) return errors.payloadTooLarge();
    if (fe.statusCode === 429) return errors.tooManyRequests();
    return new AppError(
      fe.code?.toLowerCase() ?? 'bad_request',
      fe.statusCode,
      fe.message || messages.api.badRequest,
    );
  }
  return errors.internal();
}

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err, request, reply) => {
    const e = toAppError(err);
    if (e.statusCode >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ code: e.code, status: e.statusCode }, e.message);
    void reply.status(e.statusCode).send(errorBody(e));
  });
}
