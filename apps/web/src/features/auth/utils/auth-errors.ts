// Turns auth-service errors into the texts of spec §8. Never says whether an e-mail has an account.
import { messages } from '@atr/shared';
import { authConnectionProblem, authFailureText, isReadableMessage } from '../../../lib/user-error.ts';

export interface AuthErrorLike {
  message?: string;
  code?: string;
  status?: number;
}

function isTooManyRequests(e: AuthErrorLike) {
  return e.status === 429 || e.code === 'over_request_rate_limit' || e.code === 'over_email_send_rate_limit';
}

export function loginErrorMessage(error: unknown): string {
  if (!error || typeof error !== 'object') return messages.login.unexpected;
  const e = error as AuthErrorLike;
  if (e.code === 'invalid_credentials' || e.code === 'user_not_found')
    return messages.login.invalidCredentials;
  if (e.code === 'email_not_confirmed') return messages.login.emailNotConfirmed;
  if (isTooManyRequests(e)) return messages.login.tooManyAttempts;
  if (e.code === 'validation_failed' || e.code === 'email_address_invalid')
    return messages.login.invalidEmail;
  const connection = authConnectionProblem(e);
  if (connection) return connection;
  if (isReadableMessage(e.message)) return messages.login.failed(e.message);
  return messages.login.unexpected;
}

/** Errors of signup, reset request and new password: the known codes get catalogue texts, the rest the fallback plus detail. */
export function accountErrorMessage(error: unknown, fallback: string): string {
  if (!error || typeof error !== 'object') return fallback;
  const e = error as AuthErrorLike;
  if (e.code === 'weak_password') return messages.validation.passwordTooShort;
  if (e.code === 'current_password_required') return messages.account.recoveryExpired;
  if (e.code === 'current_password_mismatch') return messages.account.currentPasswordWrong;
  if (isTooManyRequests(e)) return messages.login.tooManyAttempts;
  if (e.code === 'email_address_invalid' || e.code === 'validation_failed')
    return messages.validation.invalidEmail;
  if (e.code === 'same_password') return e.message ?? fallback;
  return authFailureText(e, fallback);
}
