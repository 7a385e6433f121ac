import { describe, expect, it } from 'vitest';
import { memoryStore } from './auth-storage.ts';
import { readConsent } from './cookie-consent.ts';

describe('cookie consent', () => {
  it("reads only the two known choices from 'atr_cookie_consent'", () => {
    const store = memoryStore();
    expect(readConsent(store)).toBeNull();
    store.setItem('atr_cookie_consent', 'accepted');
    expect(readConsent(store)).toBe('accepted');
    store.setItem('atr_cookie_consent', 'rejected');
    expect(readConsent(store)).toBe('rejected');
    store.setItem('atr_cookie_consent', 'maybe');
    expect(readConsent(store)).toBeNull();
  });
});
