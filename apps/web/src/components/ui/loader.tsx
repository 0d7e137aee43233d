import { cn } from '@/lib/cn';
import { createStore, useStore } from '@/lib/create-store';

const store = createStore(0);

/** The global full-screen loader ('Loading...'); nested show/hide pairs are counted. */
export const loader = {
  show: () => store.set((n) => n + 1),
  hide: () => store.set((n) => Math.max(0, n - 1)),
  reset: () => store.set(0),
};

export function FullScreenLoader({ fadeIn = true }: { fadeIn?: boolean }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'fixed inset-0 z-[90] flex flex-col items-center justify-center gap-3 bg-white/60 backdrop-blur-sm',
        fadeIn && 'animate-fade-in',
      )}
    >
      <span className="size-10 animate-spin rounded-full border-4 border-brand-500 border-r-transparent" />
      <span className="text-sm font-semibold text-brand-700">Loading...</span>
    </div>
  );
}

/**
 * While the first route loads: the loader index.html already shows (painted before any script),
 * without fading in again.
 */
export function BootLoader() {
  return <FullScreenLoader fadeIn={false} />;
}

export function LoaderHost() {
  const count = useStore(store);
  return count > 0 ? <FullScreenLoader /> : null;
}
