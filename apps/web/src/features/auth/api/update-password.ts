// Sets a new password for the signed-in (or recovering) user, then ends the session so they sign in with it.
// Outside a recovery link's session the auth service needs the current password too.
import { messages } from '@atr/shared';
import { authClient } from '../../../lib/auth-client.ts';
import { accountErrorMessage } from '../utils/auth-errors.ts';
import type { AuthResult } from './sign-in.ts';

export async function updatePassword(password: string, currentPassword?: string): Promise<AuthResult> {
  try {
    const { error } = await authClient.updateUser(
      currentPassword ? { password, current_password: currentPassword } : { password },
    );
    if (error)
      return { success: false, error: accountErrorMessage(error, messages.account.updatePasswordFailed) };
    await authClient.signOut({ scope: 'local' });
    return { success: true };
  } catch (e) {
    return { success: false, error: accountErrorMessage(e, messages.account.passwordUpdateFailed) };
  }
}
