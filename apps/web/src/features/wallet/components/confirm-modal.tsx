import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { modal } from '@/components/ui/modal';

export interface ConfirmModalProps {
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** Resolves when done; the modal closes itself afterwards. */
  onConfirm: () => Promise<void>;
}

function ConfirmModal({ message, confirmLabel, danger = false, onConfirm }: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="space-y-5">
      <div className="text-sm text-slate-600">{message}</div>
      <div className="flex gap-3">
        <Button
          variant="outline"
          size="lg"
          className="flex-1"
          disabled={busy}
          onClick={() => void modal.close()}
        >
          Cancel
        </Button>
        <Button
          variant={danger ? 'danger' : 'primary'}
          size="lg"
          className="flex-1"
          loading={busy}
          onClick={async () => {
            setBusy(true);
            modal.setBlocked(true);
            try {
              await onConfirm();
            } finally {
              modal.forceClose();
            }
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </div>
  );
}

export function openConfirm(key: string, title: string, props: ConfirmModalProps): void {
  modal.open<ConfirmModalProps>({ key, title, content: ConfirmModal, props, width: '420px' });
}
