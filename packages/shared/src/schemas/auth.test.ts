import { describe, expect, it } from 'vitest';
import { LoginFormSchema, NewPasswordSchema, SignupFormSchema, firstIssue } from './auth.ts';

describe('auth form schemas', () => {
  it('requires every login field', () => {
    const r = LoginFormSchema.safeParse({ email: '', password: '' });
    expect(r.success).toBe(false);
    expect(firstIssue(r.error!)).toBe('Please fill in all fields');
  });
  it('rejects mismatched and short signup passwords with the spec texts', () => {
    const base = { fullName: 'Ada', email: 'ada@example.com' };
    const mismatch = SignupFormSchema.safeParse({ ...base, password: 'abcdef', confirmPassword: 'abcdeg' });
    expect(firstIssue(mismatch.error!)).toBe('Passwords do not match');
    const short = SignupFormSchema.safeParse({ ...base, password: 'abc', confirmPassword: 'abc' });
    expect(firstIssue(short.error!)).toBe('Password must be at least 6 characters');
    expect(SignupFormSchema.safeParse({ ...base, password: 'abcdef', confirmPassword: 'abcdef' }).success).toBe(true);
  });
  it('uses the long wording for a short new password', () => {
    const r = NewPasswordSchema.safeParse({ password: 'abc', confirmPassword: 'abc' });
    expect(firstIssue(r.error!)).toBe('Password must be at least 6 characters long');
  });
});
