import { describe, expect, it } from 'vitest';
import { AUTH_KEY, CHAT_TAG_KEY, createAuthStorage, STORAGE_UNSUPPORTED_MESSAGE } from './auth-storage';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

class BrokenStorage extends MemoryStorage {
  override setItem(): void {
    throw new Error('QuotaExceededError');
  }
}

function make() {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  return { local, session, store: createAuthStorage(() => ({ local, session })) };
}

describe('auth storage (spec section 4, session)', () => {
  it('keeps a remembered session in localStorage', () => {
    const { local, session, store } = make();
    store.save({ refresh_token: 'abc', remember: true });
    expect(local.getItem(AUTH_KEY)).toContain('abc');
    expect(session.getItem(AUTH_KEY)).toBeNull();
    expect(store.getToken()).toBe('abc');
  });

  it('keeps a session without "remember" in sessionStorage only', () => {
    const { local, session, store } = make();
    store.save({ refresh_token: 'abc', remember: false });
    expect(session.getItem(AUTH_KEY)).toContain('abc');
    expect(local.getItem(AUTH_KEY)).toBeNull();
    expect(store.read()).toEqual({ refresh_token: 'abc', remember: false });
  });

  it('a rotated token stays where the session lives', () => {
    const { local, session, store } = make();
    store.save({ refresh_token: 'one', remember: true });
    store.setToken('two');
    expect(JSON.parse(local.getItem(AUTH_KEY)!)).toEqual({ refresh_token: 'two', remember: true });
    expect(session.getItem(AUTH_KEY)).toBeNull();
  });

  it('switching from remembered to not remembered removes the persistent copy', () => {
    const { local, store } = make();
    store.save({ refresh_token: 'one', remember: true });
    store.save({ refresh_token: 'two', remember: false });
    expect(local.getItem(AUTH_KEY)).toBeNull();
    expect(store.getToken()).toBe('two');
  });

  it('logout clears the session and the chat tag from both storages', () => {
    const { local, session, store } = make();
    store.save({ refresh_token: 'abc', remember: true });
    local.setItem(CHAT_TAG_KEY, 'tag');
    session.setItem(CHAT_TAG_KEY, 'tag');
    store.clear();
    expect(store.getToken()).toBeNull();
    expect(local.getItem(CHAT_TAG_KEY)).toBeNull();
    expect(session.getItem(CHAT_TAG_KEY)).toBeNull();
  });

  it('treats a corrupt entry as signed out', () => {
    const { session, store } = make();
    session.setItem(AUTH_KEY, '{not json');
    expect(store.getToken()).toBeNull();
  });

  it('reports unusable storage with the spec message', () => {
    const broken = createAuthStorage(() => ({ local: new BrokenStorage(), session: new BrokenStorage() }));
    expect(broken.isSupported()).toBe(false);
    expect(() => broken.save({ refresh_token: 'x', remember: true })).toThrow(STORAGE_UNSUPPORTED_MESSAGE);
    expect(STORAGE_UNSUPPORTED_MESSAGE).toBe(
      'Your browser does not support local storage or this feature has been disabled.',
    );
    const missing = createAuthStorage(() => {
      throw new Error('SecurityError');
    });
    expect(missing.isSupported()).toBe(false);
    expect(missing.getToken()).toBeNull();
  });
});
