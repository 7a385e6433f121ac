// The one auth client of the app: @supabase/auth-js against the same-origin GoTrue-compatible service.
import { GoTrueClient } from '@supabase/auth-js';
import { readLinkError } from './auth-link.ts';
import {
  cookieBrowserSession,
  createRememberStorage,
  memoryBrowserSession,
  memoryStore,
  type BrowserSession,
  type KeyValueStore,
} from './auth-storage.ts';

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

function browserSession(): BrowserSession {
  // Cookies refused: the marker cannot outlive the page, so a session that is not remembered lasts this page.
  if (!navigator.cookieEnabled) return memoryBrowserSession();
  return cookieBrowserSession(document, window.location.protocol === 'https:');
}

export const authStorage = createRememberStorage(
  webStorage('localStorage'),
  browserSession(),
  webStorage('sessionStorage'),
);

/**
 * Read before the client consumes the URL fragment: a recovery link lands here with
 * `type=recovery`, and the PASSWORD_RECOVERY event may fire before React subscribes.
 */
export const landedFromRecoveryLink =
  new URLSearchParams(window.location.hash.slice(1)).get('type') === 'recovery';

/**
 * An expired or already-used e-mail link lands with an error in the fragment. It is read here, and the fragment
 * dropped, so the confirmation and reset screens can say what happened and offer a new link.
 */
const linkError = readLinkError(window.location.hash);
export const landedWithLinkError = linkError && { ...linkError, path: window.location.pathname };
if (linkError)
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);

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
