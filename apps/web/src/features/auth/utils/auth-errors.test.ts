import { describe, expect, it } from 'vitest';
import { errorMessages } from '@atr/shared';
import { AuthApiError, AuthRetryableFetchError } from '@supabase/auth-js';
import { accountErrorMessage, loginErrorMessage } from './auth-errors.ts';

describe('loginErrorMessage', () => {
  it('maps GoTrue codes to the catalogue texts', () => {
    expect(loginErrorMessage(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toBe(
      'Invalid email or password. Please check your credentials and try again.',
    );
    expect(loginErrorMessage(new AuthApiError('Email not confirmed', 400, 'email_not_confirmed'))).toBe(
      'Please check your email and confirm your account before logging in.',
    );
    expect(loginErrorMessage(new AuthApiError('slow down', 429, 'over_request_rate_limit'))).toBe(
      'Too many login attempts. Please wait a moment and try again.',
    );
    expect(loginErrorMessage(new AuthApiError('slow down', 429, undefined))).toBe(
      'Too many login attempts. Please wait a moment and try again.',
    );
  });

  it('never reveals that an account does not exist', () => {
    const text = loginErrorMessage(new AuthApiError('User not found', 400, 'user_not_found'));
    expect(text).not.toMatch(/No account found/);
    expect(text).toBe('Invalid email or password. Please check your credentials and try again.');
  });

  it("says a lost connection in words, wraps other failures as 'Login failed: {message}', unknown values as the unexpected text", () => {
    expect(loginErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0))).toBe(errorMessages.offline);
    expect(
      loginErrorMessage(new AuthApiError('Signups not allowed for this instance', 422, 'signup_disabled')),
    ).toBe('Login failed: Signups not allowed for this instance');
    expect(loginErrorMessage(null)).toBe('An unexpected error occurred. Please try again.');
  });
});

describe('accountErrorMessage', () => {
  it('says clearly when the current password is wrong or needed', () => {
    expect(
      accountErrorMessage(
        new AuthApiError('Current password does not match.', 400, 'current_password_mismatch'),
        'x',
      ),
    ).toBe('Your current password is not correct. Please check it and try again.');
    expect(
      accountErrorMessage(
        new AuthApiError(
          'Current password required when setting new password.',
          400,
          'current_password_required',
        ),
        'x',
      ),
    ).toMatch(/^Your password reset link has expired/);
  });

  it('maps weak_password to the length rule and keeps the fallback with detail otherwise', () => {
    expect(accountErrorMessage(new AuthApiError('weak', 422, 'weak_password'), 'Signup failed')).toBe(
      'Password must be at least 6 characters',
    );
    expect(accountErrorMessage(new AuthApiError('boom', 500, 'unexpected_failure'), 'Signup failed')).toBe(
      errorMessages.serverBusy,
    );
    expect(
      accountErrorMessage(new AuthApiError('Email link is invalid', 403, 'otp_expired'), 'Signup failed'),
    ).toBe('Signup failed: Email link is invalid');
    expect(accountErrorMessage(undefined, 'Failed to send reset email')).toBe('Failed to send reset email');
  });
});
