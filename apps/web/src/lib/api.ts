// The app's API client instance, wired to the auth client.
import { authClient } from './auth-client.ts';
import { createApiClient } from './api-client.ts';

export const api = createApiClient({
  async getAccessToken() {
    const { data } = await authClient.getSession();
    return data.session?.access_token ?? null;
  },
  async onUnauthorized() {
    await authClient.signOut({ scope: 'local' });
  },
});
