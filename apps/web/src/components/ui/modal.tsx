import {
  Suspense,
  createElement,
  useEffect,
  useRef,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import { createStore, useStore } from '@/lib/create-store';
import { cn } from '@/lib/cn';
import { DialogShell, DialogTitle, firstFocusable } from './dialog-shell';
import { captureOpener } from './focus-return';
import { CloseIcon } from './icons';
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
  /** What had focus when the modal opened; focus returns there on close. */
  opener: HTMLElement | null;
}

const store = createStore<ModalState | null>(null);

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
    const opener = captureOpener();
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
      opener,
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
  isOpen: (key?: string) => (key ? store.get()?.key === key : store.get() !== null),
};

/**
 * Content that loads (a lazy modal, a form waiting for its data) has nothing to focus when the
 * modal opens, so focus starts on the close button; once the first field or button appears,
 * focus moves there, unless the user has moved it meanwhile. Rendered inside the modal's body.
 */
function FocusFirstWhenReady({ body }: { body: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    const root = body.current;
    if (!root || firstFocusable(root)) return;
    const dialog = root.closest('[role="dialog"]');
    const stillAtStart = () => {
      const active = document.activeElement;
      return (
        active === null ||
        active === document.body ||
        active === dialog ||
        (active instanceof HTMLElement && active.dataset.modalClose !== undefined)
      );
    };
    const observer = new MutationObserver(() => {
      const target = firstFocusable(root);
      if (!target) return;
      observer.disconnect();
      if (stillAtStart()) target.focus({ preventScroll: true });
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [body]);
  return null;
}

/**
 * The global modal, on an accessible dialog (components/ui/dialog-shell.tsx): focus moves to the
 * first field or button of the content, Tab stays inside, Escape and the backdrop ask
 * `modal.close()` (refused while blocked), and focus returns to the opener.
 */
export function ModalHost() {
  const current = useStore(store);
  const body = useRef<HTMLDivElement>(null);
  if (!current) return null;
  return (
    <DialogShell
      key={current.key}
      onDismiss={() => void modal.close()}
      opener={current.opener}
      data-modal-key={current.key}
      className="fixed inset-0 z-[70] flex items-end justify-center sm:items-center sm:p-4"
      backdropClassName="absolute inset-0 animate-fade-in bg-slate-950/50 backdrop-blur-[2px]"
      contentStyle={!current.fullscreen && current.width ? { maxWidth: current.width } : undefined}
      contentClassName={cn(
        'relative flex w-full animate-pop-in flex-col bg-white shadow-2xl outline-none',
        current.fullscreen
          ? 'h-full max-h-none rounded-none'
          : 'max-h-[92vh] max-w-lg rounded-t-3xl sm:max-h-[90vh] sm:rounded-2xl',
      )}
      initialFocus={() => firstFocusable(body.current)}
    >
      {current.title || current.showClose ? (
        <div className="flex items-center justify-between gap-4 px-5 pt-5 pb-2">
          <DialogTitle className="text-lg font-semibold text-slate-900">{current.title}</DialogTitle>
          {current.showClose && (
            <button
              type="button"
              aria-label="Close"
              data-modal-close=""
              onClick={() => void modal.close()}
              disabled={current.blockManualClose}
              className="-mr-1 rounded-full p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700 disabled:opacity-40"
            >
              <CloseIcon size={20} />
            </button>
          )}
        </div>
      ) : (
        <DialogTitle className="sr-only">Dialog</DialogTitle>
      )}
      {/* Focusable so that a keyboard can scroll a long body that has no control of its own
          (WCAG 2.1.1; e.g. KYC Details on a phone). */}
      <div
        ref={body}
        tabIndex={0}
        className="min-h-0 flex-1 overflow-y-auto px-5 pt-2 pb-5 outline-none focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:ring-inset"
      >
        <FocusFirstWhenReady body={body} />
        <Suspense fallback={<Spinner className="mx-auto my-8 block size-6 text-brand-500" label="Loading" />}>
          {current.render()}
        </Suspense>
      </div>
    </DialogShell>
  );
}
