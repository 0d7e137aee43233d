import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, Button, FieldError, inputClass, labelClass, TextField } from '../../components/ui';
import { ApiError, messageOf } from '../../lib/api';
import { QUOTE_UNIT_OF_COUNTRY, randOfCents, unitLabel } from './ipo-units';
import {
  IPO_COUNTRIES,
  createIpoRequest,
  ipoCreateInput,
  type IpoCreateInput,
  type StaffIpo,
} from './products-api';

type Field = keyof IpoCreateInput;

interface Draft {
  symbol: string;
  instrumentName: string;
  issuer: string;
  country: (typeof IPO_COUNTRIES)[number];
  priceLow: string;
  priceHigh: string;
  lotSize: string;
  minLots: string;
  maxLots: string;
  sharesOffered: string;
  opensAt: string;
  closesAt: string;
  allotsOn: string;
  listsOn: string;
  rule: 'pro_rata' | 'lottery';
}

const EMPTY: Draft = {
  symbol: '',
  instrumentName: '',
  issuer: '',
  country: 'ZA',
  priceLow: '',
  priceHigh: '',
  lotSize: '',
  minLots: '1',
  maxLots: '',
  sharesOffered: '',
  opensAt: '',
  closesAt: '',
  allotsOn: '',
  listsOn: '',
  rule: 'pro_rata',
};

/** A datetime-local value (the browser's time zone) as ISO 8601 UTC, or '' when unset or invalid. */
const isoOf = (local: string) => {
  const at = local ? new Date(local) : null;
  return at && !Number.isNaN(at.getTime()) ? at.toISOString() : '';
};
/** A whole-number field: empty is absent (the contract names it), anything else a number. */
const count = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));

/** The body as `ipo create` takes it; an empty high price is a fixed price (the low one). */
const bodyOf = (d: Draft) => ({
  symbol: d.symbol.trim().toUpperCase(),
  instrumentName: d.instrumentName,
  issuer: d.issuer,
  country: d.country,
  priceLow: d.priceLow,
  ...(d.priceHigh.trim() === '' ? {} : { priceHigh: d.priceHigh }),
  lotSize: count(d.lotSize),
  minLots: count(d.minLots),
  maxLots: count(d.maxLots),
  sharesOffered: d.sharesOffered,
  opensAt: isoOf(d.opensAt),
  closesAt: isoOf(d.closesAt),
  allotsOn: d.allotsOn,
  listsOn: d.listsOn,
  rule: d.rule,
});

/**
 * The service's refusals (ipo.service createIpo, the CLI's wording) and the contract's name their
 * field in words: which input each belongs to, so the message shows beside it.
 */
const SERVER_FIELDS: [RegExp, Field][] = [
  [/^country\b/i, 'country'],
  [/^(the )?symbol\b|already exists in\b/i, 'symbol'],
  [/^(the )?instrument name\b/i, 'instrumentName'],
  [/^(the )?issuer\b/i, 'issuer'],
  [/^(the )?rule\b/i, 'rule'],
  [/^price high\b|^the low price must not be above/i, 'priceHigh'],
  [/^price( low)?\b/i, 'priceLow'],
  [/^lot size\b/i, 'lotSize'],
  [/^min lots\b/i, 'minLots'],
  [/^max lots\b/i, 'maxLots'],
  [/^shares offered\b/i, 'sharesOffered'],
  [/^opens\b/i, 'opensAt'],
  [/^an IPO must close\b|^closes\b/i, 'closesAt'],
  [/^allotment\b/i, 'allotsOn'],
  [/^listing\b/i, 'listsOn'],
];
const fieldOfMessage = (message: string) => SERVER_FIELDS.find(([re]) => re.test(message))?.[1];

/**
 * A new IPO (what `ipo create` does): a new instrument pending listing and its offering, open for
 * applications in its window. Creating moves no money, so it needs no approval; it is audited
 * under the staff user's name. Each refusal (the contract's, then the server's) shows beside its
 * field; one that names no field shows as an alert.
 */
export function IpoCreateForm({ onCreated }: { onCreated: (ipo: StaffIpo) => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const create = useMutation({
    mutationFn: createIpoRequest,
    onSuccess: (ipo) => {
      setDraft(EMPTY);
      onCreated(ipo);
      return queryClient.invalidateQueries({ queryKey: ['products', 'ipos'] });
    },
    onError: (error) => {
      const field =
        error instanceof ApiError && error.status < 500 ? fieldOfMessage(error.message) : undefined;
      if (field) setErrors({ [field]: error.message });
    },
  });
  const unit = QUOTE_UNIT_OF_COUNTRY[draft.country] ?? draft.country;

  const set =
    <K extends keyof Draft>(field: K) =>
    (value: Draft[K]) => {
      setDraft((d) => ({ ...d, [field]: value }));
      setErrors((e) => ({ ...e, [field]: undefined }));
      create.reset();
    };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.reset();
    const parsed = ipoCreateInput.safeParse(bodyOf(draft));
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  const serverMessage = create.isError ? messageOf(create.error) : null;
  const unplaced = serverMessage && !(create.error instanceof ApiError && fieldOfMessage(serverMessage));

  const input = (
    field: Exclude<Field, 'country' | 'rule' | 'name' | 'sector' | 'hot'>,
    label: string,
    { type = 'text', hint, mode }: { type?: string; hint?: string | null; mode?: 'decimal' | 'numeric' } = {},
  ) => (
    <TextField
      id={`ipo-${field}`}
      label={label}
      type={type}
      value={draft[field]}
      onChange={(e) => set(field)(e.target.value)}
      autoComplete="off"
      inputMode={mode}
      error={errors[field]}
      hint={hint ?? undefined}
    />
  );
  const priceHint = (price: string, fallback: string) => {
    const rand = unit === 'ZAc' ? randOfCents(price) : null;
    return rand ? `${price} ZAc = ${rand}` : fallback;
  };
  const select = <K extends 'country' | 'rule'>(field: K, label: string, options: [Draft[K], string][]) => (
    <div>
      <label htmlFor={`ipo-${field}`} className={labelClass}>
        {label}
      </label>
      <select
        id={`ipo-${field}`}
        value={draft[field]}
        onChange={(e) => set(field)(e.target.value as Draft[K])}
        className={inputClass}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `ipo-${field}-error` : undefined}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      <FieldError id={`ipo-${field}-error`} message={errors[field]} />
    </div>
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="ipo-create-title"
      className="space-y-3 rounded border border-slate-300 bg-white p-4 text-sm"
    >
      <h2 id="ipo-create-title" className="text-base font-semibold">
        New IPO
      </h2>
      <p className="text-slate-600">
        The terms of <code>ipo create</code>: a new instrument, pending (not traded or searched) until it
        lists, and its offering, open for applications in its window. Creating moves no money, so it needs no
        approval; it is audited under your name. Prices are in the exchange&rsquo;s quote unit.
      </p>
      <div className="grid grid-cols-4 gap-3">
        {input('symbol', 'Symbol')}
        {input('instrumentName', 'Instrument name', { hint: 'The listed company, e.g. Karoo Solar Ltd' })}
        {input('issuer', 'Issuer')}
        {select('country', 'Country', [
          ['ZA', 'ZA (JSE, cents)'],
          ['US', 'US (NASDAQ, dollars)'],
          ['IN', 'IN (NSE, rupees)'],
        ])}
        {input('priceLow', `Price low (${unitLabel(unit)})`, {
          mode: 'decimal',
          hint: priceHint(draft.priceLow, unit === 'ZAc' ? 'In cents: 1800 = R18.00' : `In ${unit}`),
        })}
        {input('priceHigh', `Price high (${unitLabel(unit)})`, {
          mode: 'decimal',
          hint: priceHint(draft.priceHigh, 'Empty: a fixed price (the low one)'),
        })}
        {input('lotSize', 'Lot size (shares)', { mode: 'numeric' })}
        {input('sharesOffered', 'Shares offered', { mode: 'numeric', hint: 'A whole number of lots' })}
        {input('minLots', 'Min lots per client', { mode: 'numeric' })}
        {input('maxLots', 'Max lots per client', { mode: 'numeric' })}
        {input('opensAt', 'Opens', { type: 'datetime-local', hint: 'Your local time' })}
        {input('closesAt', 'Closes', { type: 'datetime-local', hint: 'Applications until then' })}
        {input('allotsOn', 'Allotment date', { type: 'date', hint: 'On or after the closing day' })}
        {input('listsOn', 'Listing date', { type: 'date', hint: 'On or after allotment' })}
        {select('rule', 'Allotment rule', [
          ['pro_rata', 'Pro rata'],
          ['lottery', 'Lottery (one lot per winner)'],
        ])}
      </div>
      {unplaced ? <Alert>{serverMessage}</Alert> : null}
      {Object.values(errors).some(Boolean) ? (
        <p role="alert" className="text-red-800">
          Check the fields marked above.
        </p>
      ) : null}
      <Button type="submit" disabled={create.isPending}>
        Create IPO
      </Button>
    </form>
  );
}
