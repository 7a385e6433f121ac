import { describe, expect, it } from 'vitest';
import { createRememberStorage, memoryBrowserSession, memoryStore, REMEMBER_KEY } from './auth-storage.ts';

describe('remember-me storage', () => {
  it('keeps remembered sessions in localStorage, across browser sessions', () => {
    const local = memoryStore();
    const browser = memoryBrowserSession();
    const store = createRememberStorage(local, browser);
    store.setRemember(true);
    store.setItem('atr-auth', 'token');
    expect(local.getItem('atr-auth')).toBe('token');
    browser.end();
    expect(createRememberStorage(local, memoryBrowserSession()).getItem('atr-auth')).toBe('token');
  });

  it('shares a session that is not remembered with every tab of the same browser session', () => {
    const local = memoryStore();
    const browser = memoryBrowserSession();
    const tab1 = createRememberStorage(local, browser);
    tab1.setRemember(false);
    tab1.setItem('atr-auth', 'token');
    expect(local.getItem(REMEMBER_KEY)).toBe('0');
    // A new tab: the same localStorage and the same session cookie.
    const tab2 = createRememberStorage(local, browser);
    expect(tab2.getItem('atr-auth')).toBe('token');
  });

  it('forgets a session that is not remembered once the browser session ended', () => {
    const local = memoryStore();
    const browser = memoryBrowserSession();
    const store = createRememberStorage(local, browser);
    store.setRemember(false);
    store.setItem('atr-auth', 'token');
    browser.end();
    const afterRestart = createRememberStorage(local, browser);
    expect(afterRestart.getItem('atr-auth')).toBeNull();
    expect(local.getItem('atr-auth')).toBeNull();
  });

  it('moves a session kept per tab by an earlier version into the shared store', () => {
    const local = memoryStore();
    const legacy = memoryStore();
    legacy.setItem('atr-auth', 'old');
    const store = createRememberStorage(local, memoryBrowserSession(), legacy);
    store.setRemember(false);
    expect(store.getItem('atr-auth')).toBe('old');
    expect(legacy.getItem('atr-auth')).toBeNull();
    expect(local.getItem('atr-auth')).toBe('old');
  });

  it('removes from every place', () => {
    const local = memoryStore();
    const legacy = memoryStore();
    local.setItem('k', 'a');
    legacy.setItem('k', 'b');
    createRememberStorage(local, memoryBrowserSession(), legacy).removeItem('k');
    expect(local.getItem('k')).toBeNull();
    expect(legacy.getItem('k')).toBeNull();
  });
});
