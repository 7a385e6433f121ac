// GoTrue's error answers: the codes, statuses and messages the hosted auth server uses, in the body
// shape the client asked for (X-Supabase-Api-Version 2024-01-01 or the legacy one).
import type { FastifyReply, FastifyRequest } from 'fastify';

export const API_VERSION_HEADER = 'x-supabase-api-version';
export const API_VERSION_2024 = '2024-01-01';

export class GoTrueError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'GoTrueError';
  }
}

const e = (status: number, code: string, message: string, extra?: Record<string, unknown>) =>
  new GoTrueError(status, code, message, extra);

export const gotrue = {
  validation: (message: string) => e(400, 'validation_failed', message),
  invalidEmail: () => e(400, 'email_address_invalid', 'Unable to validate email address: invalid format'),
  invalidCredentials: () => e(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => e(400, 'email_not_confirmed', 'Email not confirmed'),
  weakPassword: (min: number) =>
    e(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () => e(422, 'same_password', 'New password should be different from the old password.'),
  currentPasswordRequired: () =>
    e(400, 'current_password_required', 'Current password required when setting new password.'),
  currentPasswordMismatch: () => e(400, 'current_password_mismatch', 'Current password does not match.'),
  userAlreadyExists: () => e(422, 'user_already_exists', 'User already registered'),
  rateLimited: () => e(429, 'over_request_rate_limit', 'Request rate limit reached'),
  refreshTokenNotFound: () =>
    e(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => e(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionRevoked: () => e(400, 'session_not_found', 'Invalid Refresh Token: Session not found'),
  unsupportedGrant: () => e(400, 'validation_failed', 'unsupported_grant_type'),
  noAuthorization: () => e(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: () =>
    e(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature, token is expired or invalid'),
  sessionNotFound: () => e(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => e(404, 'user_not_found', 'User not found'),
  otpExpired: () => e(403, 'otp_expired', 'Email link is invalid or has expired'),
  notFound: () => e(404, 'not_found', 'Not found'),
  unexpected: () =>
    e(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
};

/** True when the client speaks the 2024-01-01 API (auth-js sends it on every request). */
export function wantsApi2024(request: FastifyRequest): boolean {
  const v = request.headers[API_VERSION_HEADER];
  const version = Array.isArray(v) ? v[0] : v;
  return typeof version === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(version) && version >= API_VERSION_2024;
}

export function goTrueErrorBody(err: GoTrueError, api2024: boolean): Record<string, unknown> {
  return api2024
    ? { code: err.errorCode, message: err.message, ...err.extra }
    : { code: err.status, error_code: err.errorCode, msg: err.message, ...err.extra };
}

export function sendGoTrueError(request: FastifyRequest, reply: FastifyReply, err: GoTrueError) {
  const api2024 = wantsApi2024(request);
  // Echoing the version tells auth-js to read `code` as the error code.
  if (api2024) void reply.header(API_VERSION_HEADER, API_VERSION_2024);
  return reply
    .status(err.status)
    .header('x-sb-error-code', err.errorCode)
    .send(goTrueErrorBody(err, api2024));
}
