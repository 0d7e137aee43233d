import { useSyncExternalStore } from 'react';

/** Spec section 4: the assets-visibility preference is kept in local storage. */
export const ASSETS_VISIBLE_KEY = 'imali.assets-visible';

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(ASSETS_VISIBLE_KEY) !== 'false';
  } catch {
    return true; // no storage: show amounts, forget the choice
  }
}

function write(visible: boolean) {
  try {
    window.localStorage.setItem(ASSETS_VISIBLE_KEY, String(visible));
  } catch {
    // Storage refused (private mode): the toggle still works for this page.
  }
  memory = visible;
  for (const l of listeners) l();
}

let memory: boolean | null = null;
const snapshot = () => memory ?? (memory = read());

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === ASSETS_VISIBLE_KEY) {
      memory = read();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** [visible, toggle]: one preference for every balance on screen, shared across tabs. */
export function useAssetsVisibility(): [boolean, () => void] {
  const visible = useSyncExternalStore(subscribe, snapshot, () => true);
  return [visible, () => write(!snapshot())];
}
