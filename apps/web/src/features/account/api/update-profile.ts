// Saves the profile through the auth service (PUT /auth/v1/user with data.full_name).
import { messages } from '@atr/shared';
import { authClient } from '../../../lib/auth-client.ts';

export async function updateProfile(fullName: string): Promise<{ success: true } | { success: false; error: string }> {
  try {
    const { error } = await authClient.updateUser({ data: { full_name: fullName } });
    if (error) return { success: false, error: `${messages.account.profileUpdateFailed}: ${error.message}` };
    return { success: true };
  } catch (e) {
    return { success: false, error: `${messages.account.profileUpdateFailed}: ${e instanceof Error ? e.message : String(e)}` };
  }
}
