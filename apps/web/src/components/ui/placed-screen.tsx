import type { ReactNode } from 'react';
import { Button } from './button';
import { CheckCircleIcon } from './icons';
import { SummaryRows, type SummaryRow } from './summary-rows';

export interface PlacedAction {
  label: string;
  onClick: () => void;
  /** The way on (one per screen); the others are outlined. */
  primary?: boolean;
}

/**
 * What a form turns into once the server has accepted it (an order, a subscription, an
 * application, a withdrawal): the check mark and title, the server's message, the figures to keep
 * (reference first), a note, and the ways on. Inside a modal that carries the title, leave `title`
 * out: the mark and heading are not repeated.
 */
export function PlacedScreen({
  title,
  message,
  rows,
  note,
  actions,
  testId = 'order-placed',
}: {
  title?: ReactNode;
  message?: ReactNode;
  rows: readonly SummaryRow[];
  note?: ReactNode;
  actions: readonly PlacedAction[];
  testId?: string;
}) {
  return (
    <div className={title ? 'mx-auto max-w-md space-y-5 py-4 text-center' : 'space-y-4'} data-testid={testId}>
      {title && (
        <div className="mx-auto flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <CheckCircleIcon size={34} />
        </div>
      )}
      {(title || message) && (
        <div>
          {title && <p className="text-xl font-semibold text-slate-900">{title}</p>}
          {message && (
            <p className={title ? 'mx-auto mt-1 max-w-sm text-sm text-slate-500' : 'text-sm text-slate-600'}>
              {message}
            </p>
          )}
        </div>
      )}
      {rows.length > 0 && <SummaryRows rows={rows} className="text-left" />}
      {note && <p className="text-xs text-slate-500">{note}</p>}
      <div className="flex flex-col gap-3 sm:flex-row">
        {actions.map((action) => (
          <Button
            key={action.label}
            variant={action.primary ? 'primary' : 'outline'}
            size="lg"
            className="sm:flex-1"
            onClick={action.onClick}
          >
            {action.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
