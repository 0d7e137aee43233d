import { createElement, type ComponentType, type ReactNode } from 'react';
import { createStore, useStore } from '@/lib/create-store';
import { DialogShell, DialogTitle } from './dialog-shell';
import { captureOpener } from './focus-return';
import { CloseIcon } from './icons';

interface RightDrawerState {
  render: () => ReactNode;
  label: string;
  opener: HTMLElement | null;
}

const store = createStore<RightDrawerState | null>(null);

/**
 * A right-side drawer showing one component with props (spec section 2): an accessible dialog
 * named `label`, page scroll locked while open, closed by the backdrop, the close button or
 * Escape; focus returns to the opener.
 */
export const rightDrawer = {
  open<P extends object>(content: ComponentType<P>, props: P, label = 'Panel'): void {
    const previous = store.get();
    store.set({
      render: () => createElement(content as ComponentType<object>, props),
      label,
      opener: previous ? previous.opener : captureOpener(),
    });
  },
  close: () => store.set(null),
  isOpen: () => store.get() !== null,
};

export function RightDrawerHost() {
  const current = useStore(store);
  if (!current) return null;
  return (
    <DialogShell
      onDismiss={rightDrawer.close}
      opener={current.opener}
      className="fixed inset-0 z-[60]"
      backdropClassName="absolute inset-0 animate-fade-in bg-slate-950/40"
      contentClassName="absolute inset-y-0 right-0 flex w-full max-w-sm animate-slide-left flex-col bg-white shadow-2xl outline-none"
    >
      <DialogTitle className="sr-only">{current.label}</DialogTitle>
      <button
        type="button"
        aria-label="Close"
        onClick={rightDrawer.close}
        className="absolute top-3 right-3 z-10 rounded-full p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
      >
        <CloseIcon size={20} />
      </button>
      <div className="min-h-0 flex-1 overflow-y-auto">{current.render()}</div>
    </DialogShell>
  );
}
