import { TradingMessages } from '@imali/contract';
import { countdownTone } from '@imali/money';
import { COUNTDOWN_TONE_CLASS } from '@/lib/tone-classes';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { secondsLeft } from '../model/quote';

/**
 * The quotation's 20-second bar (spec section 4): red at 30% of the time or below, yellow at 60%
 * or below, otherwise green. Once expired it says 'Timeout. Please get the latest quotation
 * again.' and offers a new quotation.
 */
export function QuoteCountdown({
  remainingMs,
  totalMs,
  expired,
  onRequote,
  requoting = false,
  className,
}: {
  remainingMs: number;
  totalMs: number;
  expired: boolean;
  onRequote?: () => void;
  requoting?: boolean;
  className?: string;
}) {
  const tone = countdownTone(remainingMs, totalMs);
  const percent = expired ? 0 : Math.max(0, Math.min(100, (remainingMs / totalMs) * 100));
  const seconds = secondsLeft(remainingMs);
  return (
    <div className={cn('space-y-2', className)} data-testid="quote-countdown" data-tone={tone}>
      <div className="flex items-center justify-between text-xs font-medium text-slate-500">
        <span>Quotation valid for</span>
        <span className="font-semibold text-slate-700 tabular-nums">{expired ? '0 s' : `${seconds} s`}</span>
      </div>
      <div
        role="progressbar"
        aria-label="Quotation time left"
        aria-valuemin={0}
        aria-valuemax={Math.round(totalMs / 1000)}
        aria-valuenow={expired ? 0 : seconds}
        aria-valuetext={expired ? 'Expired' : `${seconds} seconds left`}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          data-testid="quote-countdown-bar"
          className={cn(
            'h-full rounded-full transition-[width] duration-200 ease-linear',
            COUNTDOWN_TONE_CLASS[tone],
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      {expired && (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          <span data-testid="quote-expired">{TradingMessages.quoteExpired}</span>
          {onRequote && (
            <Button size="sm" variant="outline" onClick={onRequote} loading={requoting}>
              Get latest quotation
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
