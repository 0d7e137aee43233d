import { createStore, useStore } from '@/lib/create-store';

const store = createStore(0);

/** The global full-screen loader ('Loading...'); nested show/hide pairs are counted. */
export const loader = {
  show: () => store.set((n) => n + 1),
  hide: () => store.set((n) => Math.max(0, n - 1)),
  reset: () => store.set(0),
};

export function FullScreenLoader() {
  return (
    <div
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-[90] flex animate-fade-in flex-col items-center justify-center gap-3 bg-white/60 backdrop-blur-sm"
    >
      <span className="size-10 animate-spin rounded-full border-4 border-brand-500 border-r-transparent" />
      <span className="text-sm font-semibold text-brand-700">Loading...</span>
    </div>
  );
}

export function LoaderHost() {
  const count = useStore(store);
  return count > 0 ? <FullScreenLoader /> : null;
}
