import { Suspense, createElement, useEffect, type ComponentType, type ReactNode } from 'react';
import { createStore, useStore } from '@/lib/create-store';
import { cn } from '@/lib/cn';
import { CloseIcon } from './icons';
import { lockScroll } from './scroll-lock';
import { Spinner } from './spinner';

export interface ModalOptions<P extends object> {
  /** Opening is ignored while a modal with the same key is open. */
  key: string;
  content: ComponentType<P>;
  props?: P;
  title?: ReactNode;
  /** Maximum width of a non-fullscreen modal (CSS length); default a medium width. */
  width?: string;
  fullscreen?: boolean;
  /** Whether the close button shows (default true). */
  showClose?: boolean;
  /** Refuses closing by the close button, backdrop or Escape. */
  blockManualClose?: boolean;
  onClose?: () => void;
  /** Resolving false refuses the close. */
  beforeClose?: () => boolean | Promise<boolean>;
}

interface ModalState {
  key: string;
  render: () => ReactNode;
  title?: ReactNode;
  width?: string;
  fullscreen: boolean;
  showClose: boolean;
  blockManualClose: boolean;
  onClose?: () => void;
  beforeClose?: () => boolean | Promise<boolean>;
}

const store = createStore<ModalState | null>(null);

/** Modals registered by name (app/registry/modals.ts) so a feature can open another's modal. */
type NamedModal = Omit<ModalOptions<object>, 'props' | 'key'> & { key?: string };
const named = new Map<string, NamedModal>();

function reset() {
  const current = store.get();
  store.set(null);
  current?.onClose?.();
}

/** The global modal (spec section 4, "Modal"): one at a time, scroll locked while open. */
export const modal = {
  open<P extends object>(options: ModalOptions<P>): void {
    const current = store.get();
    if (current?.key === options.key) return;
    if (current) reset();
    const { content, props } = options;
    store.set({
      key: options.key,
      render: () => createElement(content as ComponentType<object>, (props ?? {}) as object),
      title: options.title,
      width: options.width,
      fullscreen: options.fullscreen ?? false,
      showClose: options.showClose ?? true,
      blockManualClose: options.blockManualClose ?? false,
      onClose: options.onClose,
      beforeClose: options.beforeClose,
    });
  },
  /** A user-initiated close: refused when blocked or when beforeClose resolves false. */
  async close(): Promise<boolean> {
    const current = store.get();
    if (!current) return true;
    if (current.blockManualClose) return false;
    if (current.beforeClose && (await current.beforeClose()) === false) return false;
    if (store.get() === current) reset();
    return true;
  },
  /** Closes without asking (after a successful submit, on logout). */
  forceClose(): void {
    if (store.get()) reset();
  },
  /** Blocks or unblocks manual closing while the modal works (uploads). */
  setBlocked(blocked: boolean): void {
    const current = store.get();
    if (current) store.set({ ...current, blockManualClose: blocked });
  },
  register(name: string, options: NamedModal): void {
    named.set(name, options);
  },
  /** Opens a registered modal; an unknown name logs an error and opens nothing. */
  openNamed(name: string, props: object = {}): boolean {
    const options = named.get(name);
    if (!options) {
      console.error(`Unknown modal: ${name}`);
      return false;
    }
    modal.open({ ...options, key: options.key ?? name, props });
    return true;
  },
  isOpen: (key?: string) => (key ? store.get()?.key === key : store.get() !== null),
};

export function ModalHost() {
  const current = useStore(store);
  const open = current !== null;

  useEffect(() => {
    if (!open) return;
    const unlock = lockScroll();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') void modal.close();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      unlock();
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!current) return null;
  return (
    <div className="fixed inset-0 z-[70] flex items-end justify-center sm:items-center sm:p-4">
      <div
        className="absolute inset-0 animate-fade-in bg-slate-950/50 backdrop-blur-[2px]"
        onClick={() => void modal.close()}
      />
      <div
        role="dialog"
        aria-modal="true"
        aria-label={typeof current.title === 'string' ? current.title : undefined}
        data-modal-key={current.key}
        style={!current.fullscreen && current.width ? { maxWidth: current.width } : undefined}
        className={cn(
          'relative flex w-full animate-pop-in flex-col bg-white shadow-2xl',
          current.fullscreen
            ? 'h-full max-h-none rounded-none'
            : 'max-h-[92vh] max-w-lg rounded-t-3xl sm:max-h-[90vh] sm:rounded-2xl',
        )}
      >
        {(current.title || current.showClose) && (
          <div className="flex items-center justify-between gap-4 px-5 pt-5 pb-2">
            <h2 className="text-lg font-semibold text-slate-900">{current.title}</h2>
            {current.showClose && (
              <button
                type="button"
                aria-label="Close"
                onClick={() => void modal.close()}
                disabled={current.blockManualClose}
                className="-mr-1 rounded-full p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-40"
              >
                <CloseIcon size={20} />
              </button>
            )}
          </div>
        )}
        <div className="min-h-0 flex-1 overflow-y-auto px-5 pt-2 pb-5">
          <Suspense
            fallback={<Spinner className="mx-auto my-8 block size-6 text-brand-500" label="Loading" />}
          >
            {current.render()}
          </Suspense>
        </div>
      </div>
    </div>
  );
}
