// The visitor's cookie choice (Cookies Policy): essential only, or also functionality cookies; kept in localStorage.
import { useSyncExternalStore } from 'react';
import { storageKeys } from '@atr/shared';
import type { KeyValueStore } from './auth-storage.ts';

export type CookieConsent = 'accepted' | 'rejected';

export function readConsent(store: KeyValueStore): CookieConsent | null {
  const v = store.getItem(storageKeys.cookieConsent);
  return v === 'accepted' || v === 'rejected' ? v : null;
}

const listeners = new Set<() => void>();

function browserStore(): KeyValueStore | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function setConsent(choice: CookieConsent | null) {
  const store = browserStore();
  if (store) {
    if (choice) store.setItem(storageKeys.cookieConsent, choice);
    else store.removeItem(storageKeys.cookieConsent);
  }
  memory = choice;
  listeners.forEach((l) => l());
}

// Used when storage is blocked: the banner still closes for this page view.
let memory: CookieConsent | null = null;

export function useCookieConsent(): CookieConsent | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => {
      const store = browserStore();
      return store ? readConsent(store) : memory;
    },
  );
}
