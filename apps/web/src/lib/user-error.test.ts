import { describe, expect, it } from 'vitest';
import { errorMessages, messages } from '@atr/shared';
import { ApiNetworkError, ApiRequestError, ApiResponseError } from './api-client.ts';
import {
  authFailureText,
  isReadableMessage,
  isRetryable,
  reportErrorText,
  userMessage,
} from './user-error.ts';

describe('userMessage', () => {
  it('never shows status codes, raw bodies or browser internals', () => {
    const cases: unknown[] = [
      new ApiRequestError(400, 'Invalid report ID format'),
      new ApiRequestError(500, '{"error":"Internal Server Error","statusCode":500}'),
      new ApiRequestError(502, '<html>Bad gateway</html>'),
      new ApiNetworkError(new TypeError('Failed to fetch')),
      new TypeError('Failed to fetch'),
      new ApiResponseError(new SyntaxError('Unexpected token <')),
      new Error('getaddrinfo ENOTFOUND api.github.com'),
    ];
    for (const e of cases) {
      const text = userMessage(e);
      expect(text).not.toMatch(/API request failed|Failed to fetch|\d{3}|[{}<>]|ENOTFOUND|Unexpected token/);
      expect(text.length).toBeGreaterThan(10);
    }
  });
  it('maps each kind of failure to its sentence', () => {
    expect(userMessage(new ApiNetworkError(new TypeError('Failed to fetch')))).toBe(errorMessages.offline);
    expect(userMessage(new ApiRequestError(500, 'x'))).toBe(errorMessages.serverBusy);
    expect(userMessage(new ApiRequestError(404, 'Report not found'))).toBe(errorMessages.notFound);
    expect(userMessage(new ApiRequestError(401, 'expired'))).toBe(errorMessages.sessionEnded);
    expect(userMessage(new ApiRequestError(429, messages.api.tooManyRequests))).toBe(
      messages.api.tooManyRequests,
    );
    expect(userMessage(new ApiRequestError(400, '{"a":1}'))).toBe(errorMessages.rejected);
    expect(userMessage(new ApiResponseError(new Error('zod')))).toBe(errorMessages.unreadable);
  });
  it('offers a retry only where asking again can work', () => {
    expect(isRetryable(new ApiNetworkError(new Error('x')))).toBe(true);
    expect(isRetryable(new ApiRequestError(503, ''))).toBe(true);
    expect(isRetryable(new ApiRequestError(429, ''))).toBe(true);
    expect(isRetryable(new ApiRequestError(400, ''))).toBe(false);
    expect(isRetryable(new ApiRequestError(404, ''))).toBe(false);
  });
});

describe('reportErrorText', () => {
  it('explains network failures of a report in words', () => {
    expect(reportErrorText('getaddrinfo ENOTFOUND api.github.com', 'x')).toBe(
      errorMessages.githubUnreachable,
    );
    expect(reportErrorText('connect ECONNREFUSED 127.0.0.1:5432', 'x')).toBe(
      errorMessages.serviceUnreachable,
    );
  });
  it('keeps readable engine messages and falls back for empty ones', () => {
    expect(reportErrorText('The template has no chapters (line 1).', 'x')).toBe(
      'The template has no chapters (line 1).',
    );
    expect(reportErrorText(null, 'fallback')).toBe('fallback');
    expect(reportErrorText('{"stack":"..."}', 'fallback')).toBe('fallback');
  });
  it('tells sentences from dumps', () => {
    expect(isReadableMessage('Please select a ZIP file')).toBe(true);
    expect(isReadableMessage('{"message":"x"}')).toBe(false);
    expect(isReadableMessage('TypeError: x is undefined')).toBe(false);
  });
});

describe('authFailureText', () => {
  it('says a lost connection or a server failure in words, and keeps readable messages after the fallback', () => {
    expect(
      authFailureText(
        { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 },
        'Failed to update profile',
      ),
    ).toBe(errorMessages.offline);
    expect(authFailureText({ message: 'boom', status: 502 }, 'Failed to update profile')).toBe(
      errorMessages.serverBusy,
    );
    expect(
      authFailureText({ message: 'Full name is too long', status: 422 }, 'Failed to update profile'),
    ).toBe('Failed to update profile: Full name is too long');
    expect(authFailureText({ message: '{"x":1}', status: 400 }, 'Failed to update profile')).toBe(
      'Failed to update profile',
    );
  });
});
