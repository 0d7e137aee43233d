import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { CloseIcon, EyeIcon, EyeOffIcon } from './icons';

export const DIGITS_ONLY_DEFAULT_CAP = 9;

/** Keeps an optional leading minus, digits and one decimal point (spec section 5, number inputs). */
export function filterNumber(raw: string): string {
  let out = '';
  let dot = false;
  for (const [i, ch] of [...raw].entries()) {
    if (ch === '-' && i === 0) out += ch;
    else if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !dot) {
      dot = true;
      out += ch;
    }
  }
  return out;
}

/** Strips non-digits and cuts at `cap` characters. */
export function filterDigits(raw: string, cap: number = DIGITS_ONLY_DEFAULT_CAP): string {
  return raw.replace(/\D/g, '').slice(0, cap);
}

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'prefix' | 'size'
> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  /** 'number': sign, digits, one dot; 'digits': digits only, cut at `maxDigits`. */
  filter?: 'none' | 'number' | 'digits';
  maxDigits?: number;
  /** Trims surrounding whitespace when the field loses focus. */
  trim?: boolean;
  clearable?: boolean;
  /** Fixed text before the value (e.g. '+27'), not part of the value. */
  prefix?: ReactNode;
  trailing?: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * Floating-label input: password show/hide, clear button, number/digit filters, trimming, a fixed
 * prefix and an error line beneath.
 */
export function TextField({
  label,
  value,
  onValueChange,
  error,
  filter = 'none',
  maxDigits = DIGITS_ONLY_DEFAULT_CAP,
  trim = true,
  clearable = false,
  prefix,
  trailing,
  hint,
  type = 'text',
  id,
  className,
  onBlur,
  disabled,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  const [reveal, setReveal] = useState(false);
  const isPassword = type === 'password';
  const hasValue = value !== '';
  const floated = hasValue || prefix !== undefined || type === 'date';

  const apply = (raw: string) => {
    if (filter === 'digits') return filterDigits(raw, maxDigits);
    if (filter === 'number') return filterNumber(raw);
    return raw;
  };

  return (
    <div className={cn('w-full', className)}>
      <div
        className={cn(
          'group relative flex h-14 items-center rounded-xl border bg-white transition-colors focus-within:border-brand-500 focus-within:ring-4 focus-within:ring-brand-500/10',
          error ? 'border-red-400' : 'border-slate-300',
          disabled && 'bg-slate-50 opacity-70',
        )}
      >
        {prefix !== undefined && (
          <span className="pt-4 pl-3.5 text-[15px] font-medium text-slate-500 select-none">{prefix}</span>
        )}
        <input
          id={inputId}
          type={isPassword && reveal ? 'text' : type}
          value={value}
          disabled={disabled}
          placeholder=" "
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          inputMode={filter === 'digits' ? 'numeric' : filter === 'number' ? 'decimal' : rest.inputMode}
          onChange={(e) => onValueChange(apply(e.target.value))}
          onBlur={(e) => {
            if (trim && value !== value.trim()) onValueChange(value.trim());
            onBlur?.(e);
          }}
          className={cn(
            'peer h-full w-full min-w-0 flex-1 rounded-xl bg-transparent pt-4 text-[15px] text-slate-900 outline-none',
            prefix !== undefined ? 'pl-1.5' : 'pl-3.5',
            'pr-2',
          )}
          {...rest}
        />
        <label
          htmlFor={inputId}
          className={cn(
            'pointer-events-none absolute left-3.5 origin-left text-slate-500 transition-all',
            floated
              ? 'top-2 text-xs'
              : 'top-1/2 -translate-y-1/2 text-[15px] peer-focus:top-2 peer-focus:translate-y-0 peer-focus:text-xs',
            'peer-focus:text-brand-600',
            error && 'text-red-500 peer-focus:text-red-500',
          )}
        >
          {label}
        </label>
        <div className="flex items-center gap-0.5 pr-2">
          {clearable && hasValue && !disabled && (
            <button
              type="button"
              aria-label={`Clear ${label}`}
              onClick={() => onValueChange('')}
              className="rounded-full p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
            >
              <CloseIcon size={16} />
            </button>
          )}
          {isPassword && (
            <button
              type="button"
              aria-label={reveal ? 'Hide password' : 'Show password'}
              onClick={() => setReveal((r) => !r)}
              className="rounded-full p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600"
            >
              {reveal ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
            </button>
          )}
          {trailing}
        </div>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 px-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : hint ? (
        <p className="mt-1.5 px-1 text-xs text-slate-500">{hint}</p>
      ) : null}
    </div>
  );
}
