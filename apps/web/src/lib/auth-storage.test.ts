import { describe, expect, it } from 'vitest';
import { createRememberStorage, memoryStore, REMEMBER_KEY } from './auth-storage.ts';

describe('remember-me storage', () => {
  it('keeps remembered sessions in localStorage', () => {
    const local = memoryStore();
    const session = memoryStore();
    const store = createRememberStorage(local, session);
    store.setRemember(true);
    store.setItem('atr-auth', 'token');
    expect(local.getItem('atr-auth')).toBe('token');
    expect(session.getItem('atr-auth')).toBeNull();
    expect(store.getItem('atr-auth')).toBe('token');
  });

  it('keeps other sessions in sessionStorage only, and moves an old copy out of localStorage', () => {
    const local = memoryStore();
    const session = memoryStore();
    const store = createRememberStorage(local, session);
    store.setItem('atr-auth', 'old'); // default: remembered
    store.setRemember(false);
    store.setItem('atr-auth', 'new');
    expect(session.getItem('atr-auth')).toBe('new');
    expect(local.getItem('atr-auth')).toBeNull();
    expect(local.getItem(REMEMBER_KEY)).toBe('0');
    expect(store.getItem('atr-auth')).toBe('new');
  });

  it('a new browser session (empty sessionStorage) has no forgotten session', () => {
    const local = memoryStore();
    const store = createRememberStorage(local, memoryStore());
    store.setRemember(false);
    store.setItem('atr-auth', 'token');
    const afterRestart = createRememberStorage(local, memoryStore());
    expect(afterRestart.getItem('atr-auth')).toBeNull();
  });

  it('removes from both places', () => {
    const local = memoryStore();
    const session = memoryStore();
    local.setItem('k', 'a');
    session.setItem('k', 'b');
    createRememberStorage(local, session).removeItem('k');
    expect(local.getItem('k')).toBeNull();
    expect(session.getItem('k')).toBeNull();
  });
});
