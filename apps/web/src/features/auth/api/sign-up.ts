// Sign-up with the full name; the confirmation e-mail links back to /auth/callback.
import { messages } from '@atr/shared';
import { authClient, authRedirects } from '../../../lib/auth-client.ts';
import { accountErrorMessage } from '../utils/auth-errors.ts';

export type SignUpResult =
  { success: true; needsConfirmation: boolean; message?: string } | { success: false; error: string };

export async function signUp(input: {
  fullName: string;
  email: string;
  password: string;
}): Promise<SignUpResult> {
  try {
    const { data, error } = await authClient.signUp({
      email: input.email.trim(),
      password: input.password,
      options: {
        data: { full_name: input.fullName.trim() },
        emailRedirectTo: authRedirects.emailConfirmed(),
      },
    });
    if (error) return { success: false, error: accountErrorMessage(error, messages.account.signupFailed) };
    if (!data.user) return { success: false, error: messages.account.createFailed };
    // A user without a session means the e-mail must be confirmed first (spec §4).
    if (!data.session)
      return { success: true, needsConfirmation: true, message: messages.account.confirmEmail };
    return { success: true, needsConfirmation: false };
  } catch (e) {
    return { success: false, error: accountErrorMessage(e, messages.account.signupFailed) };
  }
}
