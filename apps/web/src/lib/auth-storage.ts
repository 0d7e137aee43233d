import { Messages } from '@imali/contract';

export const AUTH_KEY = 'imali.auth';
/** Tag of the support-chat widget; cleared on logout so the next user starts a fresh chat. */
export const CHAT_TAG_KEY = 'imali.chat-tag';
export const STORAGE_UNSUPPORTED_MESSAGE = Messages.storageUnsupported;

export interface StoredAuth {
  refresh_token: string;
  remember: boolean;
}

interface Storages {
  local: Storage;
  session: Storage;
}

/** True when Web Storage exists and accepts writes (it throws in some private modes). */
export function storageWorks(storage: Storage | undefined | null): boolean {
  if (!storage) return false;
  try {
    const probe = '__imali_probe__';
    storage.setItem(probe, probe);
    storage.removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

function parse(raw: string | null): StoredAuth | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredAuth>;
    if (typeof value.refresh_token === 'string' && value.refresh_token !== '') {
      return { refresh_token: value.refresh_token, remember: value.remember === true };
    }
  } catch {
    // A corrupt entry is the same as no entry.
  }
  return null;
}

/**
 * Where the session lives (spec section 4): localStorage when "remember" was ticked, otherwise
 * sessionStorage, so closing the browser ends a session the user did not ask to keep.
 */
export function createAuthStorage(getStorages: () => Storages | null) {
  const storages = (): Storages | null => {
    try {
      return getStorages();
    } catch {
      return null;
    }
  };

  function read(): StoredAuth | null {
    const s = storages();
    if (!s) return null;
    try {
      return parse(s.session.getItem(AUTH_KEY)) ?? parse(s.local.getItem(AUTH_KEY));
    } catch {
      return null;
    }
  }

  function save(auth: StoredAuth): void {
    const s = storages();
    if (!s || !storageWorks(s.local)) throw new Error(STORAGE_UNSUPPORTED_MESSAGE);
    const keep = auth.remember ? s.local : s.session;
    const other = auth.remember ? s.session : s.local;
    other.removeItem(AUTH_KEY);
    keep.setItem(AUTH_KEY, JSON.stringify({ refresh_token: auth.refresh_token, remember: auth.remember }));
  }

  return {
    read,
    save,
    isSupported: () => storageWorks(storages()?.local),
    getToken: () => read()?.refresh_token ?? null,
    /** A rotated token goes where the old one was. */
    setToken(token: string): void {
      save({ refresh_token: token, remember: read()?.remember ?? false });
    },
    clear(): void {
      const s = storages();
      if (!s) return;
      for (const storage of [s.local, s.session]) {
        try {
          storage.removeItem(AUTH_KEY);
          storage.removeItem(CHAT_TAG_KEY);
        } catch {
          // Nothing to clear in a storage that cannot be used.
        }
      }
    },
  };
}

export type AuthStorage = ReturnType<typeof createAuthStorage>;

export const authStorage = createAuthStorage(() =>
  typeof window === 'undefined' ? null : { local: window.localStorage, session: window.sessionStorage },
);

/** Small typed wrapper for the app's other local flags (cookie consent, asset visibility). */
export const localFlags = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Storage disabled: the flag only lasts for this page view.
    }
  },
};

export const sessionFlags = {
  get(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null): void {
    try {
      if (value === null) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, value);
    } catch {
      // Storage disabled: ignore.
    }
  },
};
