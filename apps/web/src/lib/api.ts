// The app's API client instance, wired to the auth client.
import { authClient } from './auth-client.ts';
import { createApiClient } from './api-client.ts';

/**
 * The server refused the session (it ended elsewhere, or was revoked): forget it here. The access guard then sends
 * the user to sign in, says why, and brings them back to the page they were on.
 */
export async function endSession(): Promise<void> {
  await authClient.signOut({ scope: 'local' });
}

export const api = createApiClient({
  async getAccessToken() {
    const { data } = await authClient.getSession();
    return data.session?.access_token ?? null;
  },
  onUnauthorized: endSession,
});
