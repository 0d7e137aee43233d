import { Suspense, useEffect, type ComponentType } from 'react';
import { useNavigate } from 'react-router';
import { createStore, useStore } from '@/lib/create-store';
import { DialogShell, DialogTitle } from './dialog-shell';
import { captureOpener } from './focus-return';
import { CloseIcon } from './icons';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

type NoParams = Record<never, never>;

/**
 * What each bottom-drawer type is opened with. `bottomDrawer.open(type, params)` and the content
 * registered for the type (app/registry/bottom-drawers.ts) both use this map, so opening a drawer
 * with the wrong params, or registering content that expects others, fails to compile.
 */
export interface BottomDrawerParams {
  /** The offering to show (a fixed-term DD Trading deal): its id in GET /fo/app/v1/{id}. */
  fo: { id: number };
  /** The offering to show (a block trade): its id in GET /otc/app/v1/{id}. */
  otc: { id: number };
  /** The IPO to show: its id in GET /ipo/app/v1/{id}. */
  ipo: { id: number };
  /** The fund to show: its id in GET /funds/app/v1/{id}. */
  fund: { id: number };
  /** The structured product to show: its id in GET /qt/app/v1/{id}. */
  quant: { id: number };
  trial: NoParams;
  compensation: NoParams;
  loan: NoParams;
  /** The stock detail (spec: opened with symbol, market and country). */
  stock: { symbol: string; market: string; country: string };
  /** `accountId` preselects the account to withdraw from. */
  withdraw: { accountId?: number };
  /** `accountId` preselects the account; `depositId` reopens an earlier pending deposit. */
  deposit: { accountId?: number; depositId?: number };
}

export type BottomDrawerType = keyof BottomDrawerParams;

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
} as const satisfies Record<BottomDrawerType, { title: string; height?: string }>;

export const DEFAULT_DRAWER_HEIGHT = '80vh';
export const CLOSE_THEN_NAVIGATE_DELAY_MS = 300;

/** What a drawer content component receives. */
export interface BottomDrawerContentProps<T extends BottomDrawerType = BottomDrawerType> {
  /** The params given to `bottomDrawer.open` for this type. */
  params: BottomDrawerParams[T];
  close: () => void;
  /** Closes the drawer, then navigates after 300 ms. */
  closeAndNavigate: (to: string) => void;
}

/** The content per type; a type without content opens a "not available yet" panel. */
export type BottomDrawerContents = {
  [T in BottomDrawerType]?: ComponentType<BottomDrawerContentProps<T>>;
};

/** `open(type)` may leave out the params only when every param of the type is optional. */
type OpenArgs<T extends BottomDrawerType> = NoParams extends BottomDrawerParams[T]
  ? [params?: BottomDrawerParams[T], options?: { title?: string }]
  : [params: BottomDrawerParams[T], options?: { title?: string }];

interface BottomDrawerState {
  type: BottomDrawerType;
  title: string;
  height: string;
  params: BottomDrawerParams[BottomDrawerType];
  scrollY: number;
  opener: HTMLElement | null;
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
  /**
   * Opens a typed slide-up panel. The type may come from server data (a product's dtype): an
   * unknown type logs an error and opens nothing.
   */
  open<T extends BottomDrawerType>(type: T, ...[params, options = {}]: OpenArgs<T>): boolean {
    if (!isBottomDrawerType(type)) {
      console.error(`Unknown bottom drawer type: ${String(type)}`);
      return false;
    }
    const spec: { title: string; height?: string } = BOTTOM_DRAWER_TYPES[type];
    const previous = store.get();
    store.set({
      type,
      title: options.title ?? spec.title,
      height: spec.height ?? DEFAULT_DRAWER_HEIGHT,
      params: params ?? {},
      scrollY: previous?.scrollY ?? window.scrollY,
      opener: previous ? previous.opener : captureOpener(),
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

  useEffect(() => {
    navigateFn = (to) => void navigate(to);
    return () => {
      navigateFn = null;
    };
  }, [navigate]);

  if (!current) return null;
  const Content = contents[current.type] as ComponentType<BottomDrawerContentProps> | undefined;
  return (
    <DialogShell
      onDismiss={close}
      opener={current.opener}
      data-drawer-type={current.type}
      className="fixed inset-0 z-[65]"
      backdropClassName="absolute inset-0 animate-fade-in bg-slate-950/40"
      contentStyle={{ height: current.height }}
      contentClassName="absolute inset-x-0 bottom-0 mx-auto flex w-full max-w-5xl animate-slide-up flex-col rounded-t-3xl bg-white shadow-2xl outline-none"
    >
      <header className="flex items-center justify-between border-b border-slate-100 px-5 py-4">
        <DialogTitle className="text-lg font-semibold text-slate-900">{current.title}</DialogTitle>
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
            <Content params={current.params} close={close} closeAndNavigate={bottomDrawer.closeAndNavigate} />
          </Suspense>
        ) : (
          <EmptyState
            title={`${current.title} is not available yet`}
            description="This service is coming soon to Imali."
          />
        )}
      </div>
    </DialogShell>
  );
}
