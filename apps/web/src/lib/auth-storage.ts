// Session storage for the auth client that makes "Remember me" real. Every session lives in localStorage, so all
// tabs share it; a session that is not remembered is also tied to a session cookie (which the browser drops when
// it closes), and once that cookie is gone the session is forgotten. So "the browser session only" means every
// tab of this browser session, and no new tab asks to sign in again. See docs/decisions/024.

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where the preference itself is kept; it must outlive the session it describes. */
export const REMEMBER_KEY = 'atr_remember_me';
/** The session cookie that marks this browser session. */
export const BROWSER_SESSION_COOKIE = 'atr_browser_session';

/** Whether the browser session that signed in is still going (a session cookie, in the browser). */
export interface BrowserSession {
  alive(): boolean;
  mark(): void;
}

export interface RememberStorage extends KeyValueStore {
  setRemember(remember: boolean): void;
  remembers(): boolean;
}

export function createRememberStorage(
  local: KeyValueStore,
  browserSession: BrowserSession,
  /** Where sessions lived before they were shared by tabs; read once so nobody is signed out by the change. */
  legacySession?: KeyValueStore,
): RememberStorage {
  const remembers = () => local.getItem(REMEMBER_KEY) !== '0';
  return {
    remembers,
    setRemember(remember) {
      local.setItem(REMEMBER_KEY, remember ? '1' : '0');
      if (!remember) browserSession.mark();
    },
    getItem(key) {
      const legacy = legacySession?.getItem(key);
      if (legacy) {
        legacySession!.removeItem(key);
        local.setItem(key, legacy);
        browserSession.mark();
      }
      const value = local.getItem(key);
      // A session that was not to be remembered, from a browser session that has ended: forget it.
      if (value !== null && !remembers() && !browserSession.alive()) {
        local.removeItem(key);
        return null;
      }
      return value;
    },
    setItem(key, value) {
      if (!remembers()) browserSession.mark();
      local.setItem(key, value);
    },
    removeItem(key) {
      local.removeItem(key);
      legacySession?.removeItem(key);
    },
  };
}

/** The browser-session marker as a cookie without an expiry (so the browser drops it when it closes). */
export function cookieBrowserSession(doc: Pick<Document, 'cookie'>, secure: boolean): BrowserSession {
  return {
    alive: () => doc.cookie.split(/;\s*/).some((c) => c === `${BROWSER_SESSION_COOKIE}=1`),
    mark: () => {
      doc.cookie = `${BROWSER_SESSION_COOKIE}=1; path=/; SameSite=Strict${secure ? '; Secure' : ''}`;
    },
  };
}

/** A marker in memory, for tests and for browsers that refuse cookies (the session then lasts this page). */
export function memoryBrowserSession(alive = false): BrowserSession & { end(): void } {
  let on = alive;
  return {
    alive: () => on,
    mark: () => void (on = true),
    end: () => void (on = false),
  };
}

/** An in-memory store, used when the browser blocks Web Storage. */
export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
  };
}
