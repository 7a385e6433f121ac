import { describe, expect, it } from 'vitest';
import { messages } from '../messages.ts';
import {
  ChangePasswordSchema,
  EmailAddressSchema,
  LoginFormSchema,
  NewPasswordSchema,
  ProfileFormSchema,
  ResetRequestSchema,
  SignupFormSchema,
  firstIssue,
} from './auth.ts';

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
    expect(
      SignupFormSchema.safeParse({ ...base, password: 'abcdef', confirmPassword: 'abcdef' }).success,
    ).toBe(true);
  });
  it('uses the long wording for a short new password', () => {
    const r = NewPasswordSchema.safeParse({ password: 'abc', confirmPassword: 'abc' });
    expect(firstIssue(r.error!)).toBe('Password must be at least 6 characters long');
  });
  it('caps e-mail addresses at 254 characters in every form that takes one', () => {
    const at254 = `${'a'.repeat(254 - '@example.com'.length)}@example.com`;
    const at255 = `a${at254}`;
    expect(EmailAddressSchema.safeParse(at254).success).toBe(true);
    const long = EmailAddressSchema.safeParse(at255);
    expect(firstIssue(long.error!)).toBe('Email address must be at most 254 characters');
    expect(firstIssue(EmailAddressSchema.safeParse('x'.repeat(850_000)).error!)).toBe(
      'Email address must be at most 254 characters',
    );
    expect(ResetRequestSchema.safeParse({ email: at255 }).success).toBe(false);
    expect(LoginFormSchema.safeParse({ email: at255, password: 'abcdef' }).success).toBe(false);
    const base = { fullName: 'Ada', password: 'abcdef', confirmPassword: 'abcdef' };
    expect(firstIssue(SignupFormSchema.safeParse({ ...base, email: at255 }).error!)).toBe(
      'Email address must be at most 254 characters',
    );
    expect(SignupFormSchema.safeParse({ ...base, email: at254 }).success).toBe(true);
  });
});

describe('control characters and the password change', () => {
  it('refuses NUL and other controls in names and e-mails, naming the field', () => {
    const signup = SignupFormSchema.safeParse({
      fullName: 'Ada\u0000',
      email: 'ada@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
    });
    expect(signup.success).toBe(false);
    expect(firstIssue(signup.error!)).toBe(
      'Full name contains a control character (U+0000); remove it and try again.',
    );
    const login = LoginFormSchema.safeParse({ email: 'ada@exa\u001bmple.com', password: 'x' });
    expect(firstIssue(login.error!)).toBe(
      'Email address contains a control character (U+001B); remove it and try again.',
    );
    expect(ProfileFormSchema.safeParse({ fullName: 'Ada\tKing' }).success).toBe(false);
    expect(ProfileFormSchema.safeParse({ fullName: 'Ada King' }).success).toBe(true);
  });

  it('a signed-in change needs the current password, then the new-password rules', () => {
    const missing = ChangePasswordSchema.safeParse({
      currentPassword: '',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(firstIssue(missing.error!)).toBe(messages.account.currentPasswordRequired);
    const mismatch = ChangePasswordSchema.safeParse({
      currentPassword: 'old-one',
      password: 'abcdef',
      confirmPassword: 'abcdeg',
    });
    expect(firstIssue(mismatch.error!)).toBe(messages.validation.passwordsDoNotMatch);
    const ok = ChangePasswordSchema.safeParse({
      currentPassword: 'old-one',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
    expect(ok.success && ok.data).toEqual({
      currentPassword: 'old-one',
      password: 'abcdef',
      confirmPassword: 'abcdef',
    });
  });
});
