import { describe, expect, it } from 'vitest';
import { readLinkError } from './auth-link.ts';

describe('readLinkError', () => {
  it('reads an expired or used link', () => {
    expect(
      readLinkError(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toEqual({
      code: 'otp_expired',
      description: 'Email link is invalid or has expired',
    });
  });
  it('keeps the error when there is no code', () => {
    expect(readLinkError('error=server_error')).toEqual({ code: 'server_error', description: '' });
  });
  it('is null for a session fragment or none', () => {
    expect(readLinkError('#access_token=x&refresh_token=y&type=recovery')).toBeNull();
    expect(readLinkError('')).toBeNull();
  });
});
