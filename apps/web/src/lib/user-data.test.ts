import { describe, expect, it } from 'vitest';
import { storageKeys } from '@atr/shared';
import { clearUserData, type ListableStore } from './user-data.ts';

function store(entries: Record<string, string>): ListableStore & { keys(): string[] } {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i) => [...map.keys()][i] ?? null,
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    keys: () => [...map.keys()].sort(),
  };
}

describe('clearUserData', () => {
  it("forgets every user's purchases, checkouts and progress, and keeps browser preferences and the visited marker", () => {
    const s = store({
      [storageKeys.downloads('user-a')]: '[]',
      [storageKeys.downloads('user-b')]: '[]',
      [storageKeys.paymentSession('r1')]: 'cs_1',
      [storageKeys.currentReportId]: 'r1',
      [storageKeys.currentPaymentFormat]: 'word',
      [storageKeys.processing('r1')]: '{}',
      [storageKeys.visited('1x2y3z')]: '1',
      'atr_visited_6f1c2b7e-1234-4abc-8def-0123456789ab': '1',
      [storageKeys.cookieConsent]: 'accepted',
      atr_remember_me: '0',
    });
    expect(clearUserData(s)).toHaveLength(7);
    expect(s.keys()).toEqual(['atr_cookie_consent', 'atr_remember_me', 'atr_visited_1x2y3z']);
  });
});
