import { Suspense, use, type ComponentProps } from 'react';
import { loadOrOffline } from '@/lib/http';
import type { DialogShellProps } from './dialog-shell-radix';

export type { DialogShellProps } from './dialog-shell-radix';

type Impl = typeof import('./dialog-shell-radix');

let loaded: Impl | null = null;
let loading: Promise<Impl> | null = null;

/**
 * Loads the dialog code (Radix Dialog, ~13 KB gzip). It stays out of the entry bundle so the
 * sign-in page keeps its JS budget; `RootShell` preloads it on the first pointer, touch or key
 * (and the signed-in layout once its first screen has painted), so it is there before anyone
 * opens a dialog (and while still online). Those preloads are `speculative`: one that fails
 * offline leaves the client where they are; a dialog that then needs the code goes to /error.
 */
export function preloadDialogShell({ speculative = false }: { speculative?: boolean } = {}): Promise<Impl> {
  loading ??= loadOrOffline(() => import('./dialog-shell-radix'), { speculative }).then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function Loaded(props: DialogShellProps) {
  const impl = loaded ?? use(preloadDialogShell());
  return <impl.RadixDialogShell {...props} />;
}

/**
 * The accessible base of every overlay (modal, drawers, search): a Radix Dialog, so focus moves
 * into it, Tab stays inside, the rest of the page is inert and hidden from screen readers, page
 * scroll is locked, and focus returns to the opener on close. Escape, a backdrop click and the
 * close button all call `onDismiss`; the owner decides whether to close (a blocked modal refuses).
 * Render it only while open, with a `DialogTitle` inside (its accessible name).
 */
export function DialogShell(props: DialogShellProps) {
  return (
    <Suspense
      fallback={
        <div className={props.className}>
          <div className={props.backdropClassName} />
        </div>
      }
    >
      <Loaded {...props} />
    </Suspense>
  );
}

/** The dialog's title (its accessible name); only inside a `DialogShell`. */
export function DialogTitle(props: ComponentProps<'h2'>) {
  // Children of DialogShell render only once the dialog code has loaded.
  const Title = loaded!.DialogTitle;
  return <Title {...props} />;
}

const FOCUSABLE =
  'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';

/** The first focusable element inside `root`, if any. */
export function firstFocusable(root: Element | null | undefined): HTMLElement | null {
  return root?.querySelector<HTMLElement>(FOCUSABLE) ?? null;
}
