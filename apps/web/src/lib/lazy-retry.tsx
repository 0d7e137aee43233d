import { lazy, type ComponentProps, type ComponentType } from 'react';
import { loadOrOffline } from './http';

/** The resets of every lazy part whose load failed, until they are fetched again. */
const failedResets = new Set<() => void>();

/**
 * Lets every part whose code failed to load fetch it again on its next render: the browser's
 * 'online' event calls it, and so does Try again on /error (a network that went nowhere never
 * fires 'online': `navigator.onLine` stayed true all along).
 */
export function retryFailedLoads(): void {
  const resets = [...failedResets];
  failedResets.clear();
  for (const reset of resets) reset();
}

if (typeof window !== 'undefined') window.addEventListener('online', retryFailedLoads);

/**
 * `React.lazy` that can fetch its code again. React keeps a failed lazy load failed for good, so
 * a drawer whose code could not be fetched would never open again without a reload; after a
 * failure, `retryFailedLoads()` swaps in a fresh lazy. (Swapping at once would make React retry
 * the fetch in a loop instead of showing the error.) A load that fails while the server cannot be
 * reached rejects with 'Offline' (`loadOrOffline`), so the app shows /error, as for a screen
 * (spec section 8).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, as React.lazy
export function lazyRetry<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const make = () =>
    lazy(() =>
      loadOrOffline(load).catch((error: unknown) => {
        failedResets.add(reset);
        throw error;
      }),
    );
  let current = make();
  function reset() {
    current = make();
  }
  function LazyRetry(props: ComponentProps<T>) {
    const Current = current;
    return <Current {...props} />;
  }
  return LazyRetry;
}
