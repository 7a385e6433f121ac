// Session storage for the auth client that makes "Remember me" real: remembered sessions live in
// localStorage, the others in sessionStorage and end with the browser session.

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Where the preference itself is kept; it must outlive the session it describes. */
export const REMEMBER_KEY = 'atr_remember_me';

export interface RememberStorage extends KeyValueStore {
  setRemember(remember: boolean): void;
  remembers(): boolean;
}

export function createRememberStorage(local: KeyValueStore, session: KeyValueStore): RememberStorage {
  const remembers = () => local.getItem(REMEMBER_KEY) !== '0';
  return {
    remembers,
    setRemember(remember) {
      local.setItem(REMEMBER_KEY, remember ? '1' : '0');
    },
    getItem(key) {
      return session.getItem(key) ?? local.getItem(key);
    },
    setItem(key, value) {
      // The item lives in exactly one place so a forgotten session cannot linger in localStorage.
      const [target, other] = remembers() ? [local, session] : [session, local];
      target.setItem(key, value);
      other.removeItem(key);
    },
    removeItem(key) {
      local.removeItem(key);
      session.removeItem(key);
    },
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
