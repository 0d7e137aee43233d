import { useId, type ReactNode } from 'react';
import { TRADING_COUNTRY_PROFILES, type CountryProfile } from '@imali/contract';
import { CountryFlag } from '@/components/ui/country-flag';
import { CheckIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';

/**
 * The spec's generic country picker list (section 2, generic pieces): each country reference item
 * with its flag, name, currency and phone code. `allLabel` adds an "every country" choice first.
 * `layout="chips"` lays it out in one scrollable row (filters); "list" stacks it (pickers).
 */
export function CountryPicker({
  value,
  onChange,
  countries = TRADING_COUNTRY_PROFILES,
  allLabel,
  label = 'Country',
  layout = 'list',
  className,
}: {
  value: string;
  onChange: (code: string) => void;
  countries?: readonly CountryProfile[];
  allLabel?: string;
  label?: string;
  layout?: 'list' | 'chips';
  className?: string;
}) {
  const id = useId();
  const chips = layout === 'chips';
  const option = (code: string, content: ReactNode, title: string) => {
    const selected = value === code;
    return (
      <button
        key={code}
        type="button"
        role="radio"
        aria-checked={selected}
        aria-label={title}
        data-country={code}
        onClick={() => onChange(code)}
        className={cn(
          'flex items-center gap-2.5 text-left transition-colors',
          chips
            ? cn(
                'h-9 shrink-0 rounded-full border px-3 text-sm font-medium whitespace-nowrap',
                selected
                  ? 'border-brand-600 bg-brand-600 text-white'
                  : 'border-slate-200 bg-white text-slate-700 hover:border-slate-300',
              )
            : cn(
                'w-full rounded-xl border p-3',
                selected
                  ? 'border-brand-500 bg-brand-50 ring-2 ring-brand-500/20'
                  : 'border-slate-200 bg-white hover:bg-slate-50',
              ),
        )}
      >
        {content}
        {!chips && selected && <CheckIcon size={18} className="ml-auto shrink-0 text-brand-600" />}
      </button>
    );
  };
  return (
    <div className={className}>
      <span id={id} className={chips ? 'sr-only' : 'mb-2 block text-sm font-semibold text-slate-700'}>
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={id}
        className={chips ? '-mx-1 flex gap-2 overflow-x-auto px-1 pb-1' : 'space-y-2'}
      >
        {allLabel && option('all', <span>{allLabel}</span>, allLabel)}
        {countries.map((c) =>
          option(
            c.code,
            chips ? (
              <>
                <CountryFlag code={c.code} />
                <span>{c.name}</span>
              </>
            ) : (
              <>
                <CountryFlag code={c.code} className="h-4 w-6" />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold text-slate-900">{c.name}</span>
                  <span className="block text-xs text-slate-500">
                    {c.code} · {c.currency} · {c.phoneCode} · {c.timezones[0]}
                  </span>
                </span>
              </>
            ),
            c.name,
          ),
        )}
      </div>
    </div>
  );
}
