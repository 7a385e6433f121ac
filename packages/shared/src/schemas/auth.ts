// Forms of the public auth screens and the profile form; the server's auth service validates the same shapes.
import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants.ts';
import { messages } from '../messages.ts';
import { noControlChars } from '../control-chars.ts';

const v = messages.validation;
const email = z
  .string()
  .trim()
  .min(1, v.fillAllFields)
  .max(EMAIL_MAX_LENGTH, v.emailTooLong)
  .superRefine(noControlChars('Email address', { singleLine: true }))
  .email(v.invalidEmail);
const fullName = z
  .string()
  .trim()
  .min(1, v.fillAllFields)
  .max(100, v.fullNameTooLong)
  .superRefine(noControlChars('Full name', { singleLine: true }));

/** An e-mail address as the auth service accepts it (sign-up, sign-in, recovery, profile). */
export const EmailAddressSchema = z
  .string()
  .trim()
  .min(1, v.emailRequired)
  .max(EMAIL_MAX_LENGTH, v.emailTooLong)
  .superRefine(noControlChars('Email address', { singleLine: true }))
  .email(v.invalidEmail);
export type EmailAddress = z.infer<typeof EmailAddressSchema>;

export const LoginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, v.fillAllFields)
    .max(EMAIL_MAX_LENGTH, v.emailTooLong)
    .superRefine(noControlChars('Email address', { singleLine: true })),
  password: z.string().min(1, v.fillAllFields),
  remember: z.boolean().default(true),
});
export type LoginForm = z.infer<typeof LoginFormSchema>;

export const SignupFormSchema = z
  .object({
    fullName,
    email,
    password: z.string().min(1, v.fillAllFields),
    confirmPassword: z.string().min(1, v.fillAllFields),
  })
  .superRefine((f, ctx) => {
    if (f.password && f.confirmPassword && f.password !== f.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: v.passwordsDoNotMatch });
    else if (f.password && f.password.length < PASSWORD_MIN_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['password'], message: v.passwordTooShort });
  });
export type SignupForm = z.infer<typeof SignupFormSchema>;

export const ResetRequestSchema = z.object({
  email: EmailAddressSchema,
});
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

export const NewPasswordSchema = z
  .object({
    password: z.string().min(1, v.fillAllFields),
    confirmPassword: z.string().min(1, v.fillAllFields),
  })
  .superRefine((f, ctx) => {
    if (f.password !== f.confirmPassword)
      ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: v.passwordsDoNotMatch });
    else if (f.password.length < PASSWORD_MIN_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['password'], message: v.newPasswordTooShort });
  });
export type NewPassword = z.infer<typeof NewPasswordSchema>;

/**
 * A signed-in user's password change: the new password as above, and the current one (the auth
 * service asks for it outside a recovery link's session; docs/decisions/030).
 */
export const ChangePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, messages.account.currentPasswordRequired),
    password: z.string(),
    confirmPassword: z.string(),
  })
  .and(NewPasswordSchema);
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

export const ProfileFormSchema = z.object({
  fullName,
});
export type ProfileForm = z.infer<typeof ProfileFormSchema>;

/** First issue message of a failed parse, for showing one line to the user. */
export function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? messages.api.badRequest;
}
