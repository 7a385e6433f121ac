// The one auth client of the app: @supabase/auth-js against the same-origin GoTrue-compatible service.
import { GoTrueClient } from '@supabase/auth-js';
import { createRememberStorage, memoryStore, type KeyValueStore } from './auth-storage.ts';

function webStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStore {
  try {
    const s = window[kind];
    s.setItem('atr_probe', '1');
    s.removeItem('atr_probe');
    return s;
  } catch {
    return memoryStore();
  }
}

export const authStorage = createRememberStorage(webStorage('localStorage'), webStorage('sessionStorage'));

/**
 * Read before the client consumes the URL fragment: a recovery link lands here with
 * `type=recovery`, and the PASSWORD_RECOVERY event may fire before React subscribes.
 */
export const landedFromRecoveryLink = new URLSearchParams(window.location.hash.slice(1)).get('type') === 'recovery';

export const authClient = new GoTrueClient({
  url: `${window.location.origin}/auth/v1`,
  storageKey: 'atr-auth',
  autoRefreshToken: true,
  persistSession: true,
  detectSessionInUrl: true,
  flowType: 'implicit',
  storage: authStorage,
});

export const authRedirects = {
  emailConfirmed: () => `${window.location.origin}/auth/callback`,
  passwordRecovery: () => `${window.location.origin}/reset-password`,
};
