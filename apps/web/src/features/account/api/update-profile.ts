// Saves the profile through the auth service (PUT /auth/v1/user with data.full_name).
import { messages } from '@atr/shared';
import { authClient } from '../../../lib/auth-client.ts';
import { authFailureText, logError } from '../../../lib/user-error.ts';

export async function updateProfile(
  fullName: string,
): Promise<{ success: true } | { success: false; error: string }> {
  try {
    const { error } = await authClient.updateUser({ data: { full_name: fullName } });
    if (error) {
      logError('Profile update failed', error);
      return { success: false, error: authFailureText(error, messages.account.profileUpdateFailed) };
    }
    return { success: true };
  } catch (e) {
    logError('Profile update failed', e);
    return { success: false, error: authFailureText(e, messages.account.profileUpdateFailed) };
  }
}
