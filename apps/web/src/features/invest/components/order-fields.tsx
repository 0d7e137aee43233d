import { useId } from 'react';
import type { Account } from '@imali/contract';
import { formatCurrency, formatQuantity } from '@imali/money';
import { TextField } from '@/components/ui/text-field';
import { cn } from '@/lib/cn';
import { Notice } from '@/components/ui/notice';

/**
 * The account an order is paid from: the client's accounts in the instrument's currency (another
 * currency is refused by the server). Says plainly when there is none or it cannot cover the order.
 */
export function AccountField({
  accounts,
  currency,
  market,
  value,
  onChange,
  insufficient,
  needed,
}: {
  /** Already filtered to `currency`. */
  accounts: readonly Account[];
  currency: string;
  market: string;
  value: number | null;
  onChange: (id: number) => void;
  insufficient: boolean;
  needed?: string;
}) {
  const id = useId();
  if (accounts.length === 0) {
    return (
      <Notice tone="error" testId="account-missing">
        You have no {currency} account. Orders on the {market} are paid from a {currency} account; ask your
        advisor to open one.
      </Notice>
    );
  }
  const selected = accounts.find((a) => a.id === value);
  return (
    <fieldset>
      <legend id={id} className="mb-2 text-sm font-semibold text-slate-700">
        Pay from
      </legend>
      <div role="radiogroup" aria-labelledby={id} className="grid gap-2">
        {accounts.map((account) => {
          const checked = account.id === value;
          return (
            <button
              key={account.id}
              type="button"
              role="radio"
              aria-checked={checked}
              data-currency={account.currency}
              onClick={() => onChange(account.id)}
              className={cn(
                'flex items-center justify-between gap-3 rounded-xl border p-3 text-left transition-colors',
                checked
                  ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/20'
                  : 'border-slate-200 bg-white hover:border-slate-300',
              )}
            >
              <span className="text-sm font-semibold text-slate-900">{account.currency} account</span>
              <span className="text-right text-xs text-slate-500">
                Available
                <span className="block text-sm font-semibold text-slate-900 tabular-nums">
                  {formatCurrency(account.available, account.currency)}
                </span>
              </span>
            </button>
          );
        })}
      </div>
      {insufficient && selected && (
        <Notice tone="error" className="mt-2" testId="insufficient-funds">
          Insufficient funds: {formatCurrency(selected.available, currency)} available
          {needed ? `, ${formatCurrency(needed, currency)} needed` : ''}. Deposit or transfer to your{' '}
          {currency} account first.
        </Notice>
      )}
    </fieldset>
  );
}

/** Whole shares, within the offering's per-client limits when it has them. */
export function QuantityField({
  value,
  onChange,
  error,
  min,
  max,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  min?: string | null;
  max?: string | null;
  disabled?: boolean;
}) {
  const hint =
    min && max
      ? `Whole shares · minimum ${formatQuantity(min, 'shares')}, maximum ${formatQuantity(max, 'shares')}`
      : 'Whole shares';
  return (
    <TextField
      label="Quantity (shares)"
      name="quantity"
      value={value}
      onValueChange={onChange}
      filter="number"
      inputMode="numeric"
      autoComplete="off"
      error={error}
      hint={error ? undefined : hint}
      disabled={disabled}
    />
  );
}
