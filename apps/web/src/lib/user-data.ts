// What this browser keeps about the signed-in user's reports and payments (purchase cache, open checkouts, progress);
// sign-out forgets all of it, so whoever uses the browser next cannot read the previous user's purchases.
import { storageKeys } from '@atr/shared';
import type { KeyValueStore } from './auth-storage.ts';

/** Keys named after a user or a report: every key that starts with one of these. */
const PREFIXES = [storageKeys.downloads(''), storageKeys.paymentSession(''), storageKeys.processing('')];
const EXACT: readonly string[] = [storageKeys.currentReportId, storageKeys.currentPaymentFormat];

/** The visited marker as earlier versions named it, by the user's id in plain text. */
const LEGACY_VISITED = new RegExp(`^${storageKeys.visited('')}[0-9a-f]{8}-[0-9a-f]{4}-`, 'i');

export function isUserDataKey(key: string): boolean {
  return EXACT.includes(key) || PREFIXES.some((p) => key.startsWith(p)) || LEGACY_VISITED.test(key);
}

/** A store that can list its keys, like Web Storage. */
export interface ListableStore extends KeyValueStore {
  readonly length: number;
  key(index: number): string | null;
}

/**
 * Removes every user-data key (of any user) and returns the keys removed. Browser preferences stay (cookie consent,
 * remember me), and so does the digest-named "visited" marker, which holds no data and lets a returning user be
 * welcomed back.
 */
export function clearUserData(store: ListableStore): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key !== null && isUserDataKey(key)) keys.push(key);
  }
  keys.forEach((k) => store.removeItem(k));
  return keys;
}
