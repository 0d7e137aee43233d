import type { KycStatus } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, ClockIcon, XCircleIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { kycStatusText } from '../../model/kyc';

export function StatusStep({
  status,
  reason,
  onRestart,
}: {
  status: KycStatus | undefined;
  reason?: string;
  onRestart: () => void;
}) {
  const text = kycStatusText(status);
  const Icon = status === 'rejected' ? XCircleIcon : status === 'pending' ? ClockIcon : CheckCircleIcon;
  return (
    <div
      className="flex flex-col items-center py-6 text-center"
      data-testid="kyc-status"
      data-status={status}
    >
      <div
        className={cn(
          'mb-5 flex size-16 items-center justify-center rounded-full',
          status === 'rejected'
            ? 'bg-red-50 text-red-600'
            : status === 'pending'
              ? 'bg-gold-100 text-gold-600'
              : 'bg-brand-50 text-brand-600',
        )}
      >
        <Icon size={32} />
      </div>
      <h2 className="text-2xl font-bold text-slate-900">{text.title}</h2>
      <p className="mt-2 max-w-md text-slate-600">{text.body}</p>
      {status === 'rejected' && reason && (
        <p className="mt-4 max-w-md rounded-xl bg-red-50 px-4 py-3 text-sm text-red-700">
          <span className="font-semibold">Reason:</span> {reason}
        </p>
      )}
      {status === 'pending' && (
        <p className="mt-6 flex items-center gap-2 text-xs text-slate-400">
          <span className="size-2 animate-pulse rounded-full bg-gold-400" /> This page updates by itself when
          the review is done.
        </p>
      )}
      {status === 'rejected' && (
        <Button className="mt-6" onClick={onRestart}>
          Submit again
        </Button>
      )}
    </div>
  );
}
