import { createStore, useStore } from '@/lib/create-store';
import { cn } from '@/lib/cn';
import { AlertIcon, CheckCircleIcon, InfoIcon, XCircleIcon } from './icons';

export type ToastType = 'success' | 'error' | 'info' | 'warning';
export const TOAST_DURATION_MS = 3000;

interface ToastState {
  id: number;
  message: string;
  type: ToastType;
}

const store = createStore<ToastState | null>(null);
let timer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;

function show(message: string, type: ToastType = 'info') {
  clearTimeout(timer);
  const id = nextId++;
  store.set({ id, message, type });
  timer = setTimeout(() => {
    if (store.get()?.id === id) store.set(null);
  }, TOAST_DURATION_MS);
}

/** The global toast: one message at a time, hidden after 3000 ms. */
export const toast = {
  show,
  success: (message: string) => show(message, 'success'),
  error: (message: string) => show(message, 'error'),
  info: (message: string) => show(message, 'info'),
  warning: (message: string) => show(message, 'warning'),
  hide: () => store.set(null),
  current: () => store.get(),
};

const styles: Record<ToastType, { box: string; Icon: typeof InfoIcon }> = {
  success: { box: 'bg-brand-700 text-white', Icon: CheckCircleIcon },
  error: { box: 'bg-red-600 text-white', Icon: XCircleIcon },
  info: { box: 'bg-slate-800 text-white', Icon: InfoIcon },
  warning: { box: 'bg-gold-400 text-brand-900', Icon: AlertIcon },
};

export function ToastHost() {
  const current = useStore(store);
  const style = current ? styles[current.type] : null;
  // The live region is always on the page, so it is announced even while a dialog hides the rest
  // of the page from assistive technology (Radix keeps elements with aria-live visible).
  return (
    <div aria-live="polite" aria-atomic="true">
      {current && style && (
        <div
          key={current.id}
          role={current.type === 'error' ? 'alert' : undefined}
          data-toast-type={current.type}
          className={cn(
            'fixed top-4 left-1/2 z-[100] flex max-w-[calc(100vw-2rem)] animate-toast-in items-center gap-2.5 rounded-xl px-4 py-3 text-sm font-medium shadow-xl',
            '-translate-x-1/2',
            style.box,
          )}
        >
          <style.Icon size={18} className="shrink-0" />
          <span>{current.message}</span>
        </div>
      )}
    </div>
  );
}
