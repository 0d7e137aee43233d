import { lazy, type ComponentProps, type ComponentType } from 'react';
import { loadOrOffline } from './http';

/**
 * `React.lazy` that fetches the code again once the browser is back online. A load that fails
 * while the server cannot be reached rejects with 'Offline' (`loadOrOffline`), so the route error
 * boundary shows /error, as for a screen (spec section 8). React keeps a failed
 * lazy load failed for good, so a drawer whose code could not be fetched offline would never open
 * again without a reload; after a failure, the next 'online' event swaps in a fresh lazy. (Swapping
 * at once would make React retry the fetch in a loop instead of showing the error.)
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy
export function lazyRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  let failed = false;
  const make = () =>
    lazy(() =>
      loadOrOffline(load).catch((error: unknown) => {
        failed = true;
        throw error;
      }),
    );
  let current = make();
  if (typeof window !== 'undefined') {
    window.addEventListener('online', () => {
      if (!failed) return;
      failed = false;
      current = make();
    });
  }
  function LazyRetry(props: ComponentProps<T>) {
    const Current = current;
    return <Current {...props} />;
  }
  return LazyRetry;
}
