// Sends the password-reset e-mail; its link lands on /reset-password with a recovery session.
import { messages } from '@atr/shared';
import { authClient, authRedirects } from '../../../lib/auth-client.ts';
import { accountErrorMessage } from '../utils/auth-errors.ts';
import type { AuthResult } from './sign-in.ts';

export async function requestPasswordReset(email: string): Promise<AuthResult> {
  try {
    const { error } = await authClient.resetPasswordForEmail(email.trim(), {
      redirectTo: authRedirects.passwordRecovery(),
    });
    if (error)
      return { success: false, error: accountErrorMessage(error, messages.account.resetEmailFailed) };
    return { success: true };
  } catch (e) {
    return { success: false, error: accountErrorMessage(e, messages.account.resetFailed) };
  }
}
