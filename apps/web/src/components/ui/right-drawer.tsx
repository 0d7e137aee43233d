import { createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { createStore, useStore } from '@/lib/create-store';
import { CloseIcon } from './icons';
import { lockScroll } from './scroll-lock';

interface RightDrawerState {
  render: () => ReactNode;
  label: string;
}

const store = createStore<RightDrawerState | null>(null);

/** A right-side drawer showing one component with props; locks page scroll while open. */
export const rightDrawer = {
  open<P extends object>(content: ComponentType<P>, props: P, label = 'Panel'): void {
    store.set({ render: () => createElement(content as ComponentType<object>, props), label });
  },
  close: () => store.set(null),
  isOpen: () => store.get() !== null,
};

export function RightDrawerHost() {
  const current = useStore(store);
  const open = current !== null;
  useEffect(() => {
    if (!open) return;
    const unlock = lockScroll();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') rightDrawer.close();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      unlock();
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!current) return null;
  return (
    <div className="fixed inset-0 z-[60]">
      <div
        className="absolute inset-0 animate-fade-in bg-slate-950/40"
        onClick={rightDrawer.close}
        data-testid="drawer-backdrop"
      />
      <aside
        role="dialog"
        aria-modal="true"
        aria-label={current.label}
        className="absolute inset-y-0 right-0 flex w-full max-w-sm animate-slide-left flex-col bg-white shadow-2xl"
      >
        <button
          type="button"
          aria-label="Close"
          onClick={rightDrawer.close}
          className="absolute top-3 right-3 z-10 rounded-full p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <CloseIcon size={20} />
        </button>
        <div className="min-h-0 flex-1 overflow-y-auto">{current.render()}</div>
      </aside>
    </div>
  );
}
