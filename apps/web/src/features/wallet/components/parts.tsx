import { useId } from 'react';
import type { Account } from '@imali/contract';
import { CURRENCY_NAMES, isCurrency } from '@imali/money';
import { EyeIcon, EyeOffIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { useAssetsVisibility } from '../hooks/use-assets-visibility';
import { displayAmount, recordStatusBadgeClass, recordStatusLabel } from '../model/display';

const SYMBOLS: Record<string, string> = { ZAR: 'R', USD: '$', EUR: '€', GBP: '£' };
const COIN_COLOURS: Record<string, string> = {
  ZAR: 'bg-brand-600 text-white',
  USD: 'bg-slate-800 text-white',
  EUR: 'bg-indigo-600 text-white',
  GBP: 'bg-rose-700 text-white',
};

export function currencyName(currency: string): string {
  return isCurrency(currency) ? CURRENCY_NAMES[currency] : currency;
}

/** A round currency mark (R, $, €, £). */
export function CurrencyCoin({ currency, size = 36 }: { currency: string; size?: number }) {
  return (
    <span
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: size * 0.42 }}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-full font-bold',
        COIN_COLOURS[currency] ?? 'bg-slate-500 text-white',
      )}
    >
      {SYMBOLS[currency] ?? currency.slice(0, 1)}
    </span>
  );
}

/** An amount that follows the assets-visibility preference. */
export function Amount({
  value,
  currency,
  className,
  alwaysVisible = false,
}: {
  value: string | null | undefined;
  currency: string;
  className?: string;
  alwaysVisible?: boolean;
}) {
  const [visible] = useAssetsVisibility();
  return (
    <span className={cn('tabular-nums', className)}>
      {displayAmount(value, currency, alwaysVisible || visible)}
    </span>
  );
}

export function VisibilityToggle({ className }: { className?: string }) {
  const [visible, toggle] = useAssetsVisibility();
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={!visible}
      aria-label={visible ? 'Hide balances' : 'Show balances'}
      title={visible ? 'Hide balances' : 'Show balances'}
      className={cn('rounded-full p-1.5 transition-colors', className)}
    >
      {visible ? <EyeIcon size={18} /> : <EyeOffIcon size={18} />}
    </button>
  );
}

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      data-status={status}
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
        recordStatusBadgeClass(status),
      )}
    >
      {recordStatusLabel(status)}
    </span>
  );
}

/** Currency accounts as radio cards showing what is available in each. */
export function AccountPicker({
  accounts,
  value,
  onChange,
  label,
  error,
}: {
  accounts: readonly Account[];
  value: string;
  onChange: (accountId: string) => void;
  label: string;
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset>
      <legend id={id} className="mb-2 text-sm font-semibold text-slate-700">
        {label}
      </legend>
      <div role="radiogroup" aria-labelledby={id} className="grid grid-cols-2 gap-2">
        {accounts.map((account) => {
          const selected = String(account.id) === value;
          return (
            <button
              key={account.id}
              type="button"
              role="radio"
              aria-checked={selected}
              data-currency={account.currency}
              onClick={() => onChange(String(account.id))}
              className={cn(
                'flex items-center gap-2.5 rounded-xl border p-3 text-left transition-colors',
                selected
                  ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/20'
                  : 'border-slate-200 bg-white hover:border-slate-300',
              )}
            >
              <CurrencyCoin currency={account.currency} size={30} />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-slate-900">{account.currency}</span>
                <Amount
                  value={account.available}
                  currency={account.currency}
                  className="block truncate text-xs text-slate-500"
                />
              </span>
            </button>
          );
        })}
      </div>
      {error && (
        <p role="alert" className="mt-1.5 px-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** A native select dressed like the floating-label text field. */
export function SelectField({
  label,
  value,
  onChange,
  options,
  error,
  placeholder = 'Select',
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: Array<{ value: string; label: string }>;
  error?: string;
  placeholder?: string;
  name?: string;
}) {
  const id = useId();
  return (
    <div className="w-full">
      <div
        className={cn(
          'relative h-14 rounded-xl border bg-white focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-500/10',
          error ? 'border-red-400' : 'border-slate-300',
        )}
      >
        <label htmlFor={id} className="pointer-events-none absolute top-2 left-3.5 text-xs text-slate-500">
          {label}
        </label>
        <select
          id={id}
          name={name}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={error ? true : undefined}
          className="h-full w-full appearance-none rounded-xl bg-transparent pt-4 pr-9 pl-3.5 text-[15px] font-medium text-slate-900 outline-none"
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-400"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </div>
      {error && (
        <p role="alert" className="mt-1.5 px-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
