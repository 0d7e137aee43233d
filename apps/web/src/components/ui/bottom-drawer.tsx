import { Suspense, useEffect, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { createStore, useStore } from '@/lib/create-store';
import { CloseIcon } from './icons';
import { lockScroll } from './scroll-lock';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

/** The bottom drawer's types with their titles and heights (spec section 2, "Drawers"). */
export const BOTTOM_DRAWER_TYPES = {
  fo: { title: 'DD Trading Detail', height: '85vh' },
  otc: { title: 'Block Trading', height: '85vh' },
  ipo: { title: 'IPO Equity', height: '85vh' },
  fund: { title: 'Fund Investment', height: '85vh' },
  quant: { title: 'Structured Investment', height: '85vh' },
  trial: { title: 'Trial Bonus Offer', height: '90vh' },
  compensation: { title: 'Compensation Application', height: '90vh' },
  loan: { title: 'Loan Application', height: '90vh' },
  stock: { title: 'Stock Detail', height: '100vh' },
  withdraw: { title: 'Withdrawal', height: '100vh' },
  deposit: { title: 'Deposit', height: '100vh' },
} as const;

export type BottomDrawerType = keyof typeof BOTTOM_DRAWER_TYPES;
export const DEFAULT_DRAWER_HEIGHT = '80vh';
export const CLOSE_THEN_NAVIGATE_DELAY_MS = 300;

/** What a drawer content component receives. */
export interface BottomDrawerContentProps {
  /** The props given to `bottomDrawer.open` (e.g. symbol, market, country for 'stock'). */
  params: Record<string, unknown>;
  close: () => void;
  /** Closes the drawer, then navigates after 300 ms. */
  closeAndNavigate: (to: string) => void;
}

export type BottomDrawerContents = Partial<Record<BottomDrawerType, ComponentType<BottomDrawerContentProps>>>;

interface BottomDrawerState {
  type: BottomDrawerType;
  title: string;
  height: string;
  params: Record<string, unknown>;
  scrollY: number;
}

const store = createStore<BottomDrawerState | null>(null);
let navigateFn: ((to: string) => void) | null = null;
let navigateTimer: ReturnType<typeof setTimeout> | undefined;

export function isBottomDrawerType(type: string): type is BottomDrawerType {
  return Object.hasOwn(BOTTOM_DRAWER_TYPES, type);
}

function close() {
  const current = store.get();
  if (!current) return;
  store.set(null);
  // Closing gives the page back where it was.
  requestAnimationFrame(() => window.scrollTo(0, current.scrollY));
}

export const bottomDrawer = {
  /** Opens a typed slide-up panel; an unknown type logs an error and opens nothing. */
  open(type: string, params: Record<string, unknown> = {}, options: { title?: string } = {}): boolean {
    if (!isBottomDrawerType(type)) {
      console.error(`Unknown bottom drawer type: ${type}`);
      return false;
    }
    const spec = BOTTOM_DRAWER_TYPES[type];
    store.set({
      type,
      title: options.title ?? spec.title,
      height: spec.height ?? DEFAULT_DRAWER_HEIGHT,
      params,
      scrollY: store.get()?.scrollY ?? window.scrollY,
    });
    return true;
  },
  close,
  closeAndNavigate(to: string): void {
    close();
    clearTimeout(navigateTimer);
    navigateTimer = setTimeout(() => navigateFn?.(to), CLOSE_THEN_NAVIGATE_DELAY_MS);
  },
  current: () => store.get(),
};

export function BottomDrawerHost({ contents }: { contents: BottomDrawerContents }) {
  const current = useStore(store);
  const navigate = useNavigate();
  const open = current !== null;

  useEffect(() => {
    navigateFn = (to) => void navigate(to);
    return () => {
      navigateFn = null;
    };
  }, [navigate]);

  useEffect(() => {
    if (!open) return;
    const unlock = lockScroll();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      unlock();
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!current) return null;
  const Content = contents[current.type];
  return (
    <div className="fixed inset-0 z-[65]">
      <div className="absolute inset-0 animate-fade-in bg-slate-950/40" onClick={close} />
      <section
        role="dialog"
        aria-modal="true"
        aria-label={current.title}
        data-drawer-type={current.type}
        style={{ height: current.height }}
        className="absolute inset-x-0 bottom-0 mx-auto flex w-full max-w-5xl animate-slide-up flex-col rounded-t-3xl bg-white shadow-2xl"
      >
        <header className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
          <h2 className="text-lg font-semibold text-slate-900">{current.title}</h2>
          <button
            type="button"
            aria-label="Close"
            onClick={close}
            className="rounded-full p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-700"
          >
            <CloseIcon size={20} />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto p-5">
          {Content ? (
            <Suspense
              fallback={<Spinner className="mx-auto mt-10 block size-6 text-brand-500" label="Loading" />}
            >
              <Content
                params={current.params}
                close={close}
                closeAndNavigate={bottomDrawer.closeAndNavigate}
              />
            </Suspense>
          ) : (
            <EmptyState
              title={`${current.title} is not available yet`}
              description="This service is coming soon to Imali."
            />
          )}
        </div>
      </section>
    </div>
  );
}
