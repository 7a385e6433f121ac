// Sends a new confirmation e-mail (GoTrue's /resend, type signup); its link lands on /auth/callback.
import { messages } from '@atr/shared';
import { authClient, authRedirects } from '../../../lib/auth-client.ts';
import { accountErrorMessage } from '../utils/auth-errors.ts';
import type { AuthResult } from './sign-in.ts';

export async function resendConfirmation(email: string): Promise<AuthResult> {
  try {
    const { error } = await authClient.resend({
      type: 'signup',
      email: email.trim(),
      options: { emailRedirectTo: authRedirects.emailConfirmed() },
    });
    if (error) return { success: false, error: accountErrorMessage(error, messages.account.createFailed) };
    return { success: true };
  } catch (e) {
    return { success: false, error: accountErrorMessage(e, messages.account.createFailed) };
  }
}
