import { useRef, type CSSProperties, type ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { registerDialogOpener, returnFocus } from './focus-return';

export const DialogTitle = Dialog.Title;

export type DataAttributes = { [key: `data-${string}`]: string | undefined };

export interface DialogShellProps extends DataAttributes {
  onDismiss: () => void;
  /** The element that opened the overlay (focus goes back to it). */
  opener: HTMLElement | null;
  /** The fixed full-screen layer holding backdrop and panel (z-index, alignment). */
  className: string;
  backdropClassName: string;
  contentClassName: string;
  contentStyle?: CSSProperties;
  /** Where focus goes on open; default the first focusable element. */
  initialFocus?: (content: HTMLElement) => HTMLElement | null | undefined;
  children: ReactNode;
}

/**
 * The accessible base of every overlay (modal, drawers, search): a Radix Dialog, so focus moves
 * into it, Tab stays inside, the rest of the page is inert and hidden from screen readers, page
 * scroll is locked, and focus returns to the opener on close. Escape, a backdrop click and the
 * close button all call `onDismiss`; the owner decides whether to close (a blocked modal refuses).
 * Render it only while open; it needs a `DialogTitle` inside.
 */
export function RadixDialogShell({
  onDismiss,
  opener,
  className,
  backdropClassName,
  contentClassName,
  contentStyle,
  initialFocus,
  children,
  ...data
}: DialogShellProps) {
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
    >
      <Dialog.Portal>
        <div className={className}>
          <Dialog.Overlay className={backdropClassName} />
          <Dialog.Content
            ref={content}
            aria-modal="true"
            aria-describedby={undefined}
            style={contentStyle}
            className={contentClassName}
            onOpenAutoFocus={(event) => {
              registerDialogOpener(content.current, opener);
              const target = content.current && initialFocus?.(content.current);
              if (target) {
                event.preventDefault();
                target.focus();
              }
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnFocus(opener);
            }}
            {...data}
          >
            {children}
          </Dialog.Content>
        </div>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
