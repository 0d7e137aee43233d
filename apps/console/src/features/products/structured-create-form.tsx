import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useCan } from '../../app/session';
import { Alert, Button, FieldError, TextField, cx, inputClass, labelClass } from '../../components/ui';
import { messageOf } from '../../lib/api';
import {
  createStructured,
  structuredProductCreateInput,
  type StaffStructuredProduct,
  type StructuredProductCreateInput,
} from './products-api';

type Field = keyof StructuredProductCreateInput;

interface FormState {
  name: string;
  symbol: string;
  country: string;
  opensAt: string;
  startAt: string;
  maturityAt: string;
  protectionPct: string;
  participationPct: string;
  capPct: string;
  minAmount: string;
  maxAmount: string;
  entryFeePct: string;
  earlyExit: 'none' | 'daily';
  earlyExitCostPct: string;
  creditQualityStep: string;
  open: boolean;
  hot: boolean;
}

const EMPTY: FormState = {
  name: '',
  symbol: '',
  country: 'ZA',
  opensAt: '',
  startAt: '',
  maturityAt: '',
  protectionPct: '',
  participationPct: '',
  capPct: '',
  minAmount: '',
  maxAmount: '',
  entryFeePct: '',
  earlyExit: 'none',
  earlyExitCostPct: '',
  creditQualityStep: '',
  open: false,
  hot: false,
};

/** A datetime-local value (the browser's local time) as an ISO instant; kept as typed if not one. */
const instant = (local: string) => {
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? local : at.toISOString();
};

/** The body as `quant create` takes it: empty optional fields left out (the server's defaults). */
function bodyOf(f: FormState): Record<string, unknown> {
  const optional = (value: string) => (value.trim() === '' ? undefined : value.trim());
  return {
    name: f.name,
    symbol: f.symbol,
    country: optional(f.country),
    opensAt: f.opensAt ? instant(f.opensAt) : undefined,
    startAt: instant(f.startAt),
    maturityAt: instant(f.maturityAt),
    protectionPct: f.protectionPct,
    participationPct: f.participationPct,
    capPct: optional(f.capPct) ?? null,
    minAmount: f.minAmount,
    maxAmount: f.maxAmount,
    entryFeePct: optional(f.entryFeePct),
    earlyExit: f.earlyExit,
    earlyExitCostPct: optional(f.earlyExitCostPct),
    creditQualityStep: f.creditQualityStep === '' ? undefined : Number(f.creditQualityStep),
    open: f.open,
    hot: f.hot,
  };
}

/**
 * The service's refusals (quant.service createProduct, the CLI's wording) name their field in
 * words: which input each belongs to, so the message shows beside it.
 */
const SERVER_FIELDS: [RegExp, Field][] = [
  [/^(the )?name\b/i, 'name'],
  [/^no index or stock|^underlying\b/i, 'symbol'],
  [/^country\b/i, 'country'],
  [/^opens\b/i, 'opensAt'],
  [/^(the )?start\b/i, 'startAt'],
  [/^(the )?term\b|^maturity\b/i, 'maturityAt'],
  [/^protection\b/i, 'protectionPct'],
  [/^participation\b/i, 'participationPct'],
  [/^cap\b/i, 'capPct'],
  [/^entry fee\b/i, 'entryFeePct'],
  [/^(the )?early-exit cost\b/i, 'earlyExitCostPct'],
  [/^early exit\b/i, 'earlyExit'],
  [/^min(imum)?\b/i, 'minAmount'],
  [/^max(imum)?\b/i, 'maxAmount'],
  [/^(the )?credit quality step\b/i, 'creditQualityStep'],
];
const fieldOfMessage = (message: string) => SERVER_FIELDS.find(([re]) => re.test(message))?.[1];

/** Create a structured product (what `quant create` does); creating moves no money: no approval. */
export function StructuredCreateForm() {
  const can = useCan();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [created, setCreated] = useState<StaffStructuredProduct | null>(null);
  const create = useMutation({
    mutationFn: createStructured,
    onSuccess: async (product) => {
      setCreated(product);
      setForm(EMPTY);
      await queryClient.invalidateQueries({ queryKey: ['products', 'structured'] });
    },
    onError: (error) => {
      const field = fieldOfMessage(messageOf(error));
      if (field) setErrors({ [field]: messageOf(error) });
    },
  });

  if (!can('products.request')) {
    return <p className="text-sm text-slate-600">Your roles may not create structured products.</p>;
  }

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
    setCreated(null);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.reset();
    setCreated(null);
    const parsed = structuredProductCreateInput.safeParse(bodyOf(form));
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as Field;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    create.mutate(parsed.data);
  };
  const serverMessage = create.isError ? messageOf(create.error) : null;

  const text = (key: Exclude<Field, 'earlyExit' | 'open' | 'hot'>, label: string, hint?: string) => (
    <TextField
      id={`sp-${key}`}
      label={label}
      type={key === 'opensAt' || key === 'startAt' || key === 'maturityAt' ? 'datetime-local' : 'text'}
      value={form[key as keyof FormState] as string}
      onChange={(e) => set(key as keyof FormState, e.target.value as never)}
      autoComplete="off"
      error={errors[key]}
      hint={hint}
    />
  );

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="sp-create-title"
      className="space-y-3 rounded border border-slate-300 bg-white p-4 text-sm"
    >
      <h2 id="sp-create-title" className="text-base font-semibold">
        Create a structured product
      </h2>
      <p className="text-slate-600">
        The terms of <code>quant create</code>; the key information sheet is computed from them. Creating
        moves no money, so it needs no approval; it is audited under your name.
      </p>
      <div className="grid grid-cols-4 gap-3">
        <div className="col-span-2">{text('name', 'Name')}</div>
        {text('symbol', 'Underlying (index or stock)', 'e.g. SA40')}
        {text('country', 'Country', 'ZA, US or IN')}
        {text('opensAt', 'Subscriptions open (optional)', 'Empty: now. Your local time.')}
        {text('startAt', 'Start', 'Subscriptions close; the start level is fixed.')}
        {text('maturityAt', 'Maturity', '1 to 3650 days after the start.')}
        {text('creditQualityStep', 'Credit quality step (optional)', '0 to 6, the issuer’s.')}
        {text('protectionPct', 'Protection (%)', '1 to 100')}
        {text('participationPct', 'Participation (%)', 'Above 0, up to 500')}
        {text('capPct', 'Cap (%, optional)', 'Empty: no cap. Above 100.')}
        {text('entryFeePct', 'Entry fee (%, optional)', '0 to 10')}
        {text('minAmount', 'Minimum per client')}
        {text('maxAmount', 'Maximum per client')}
        <div>
          <label htmlFor="sp-earlyExit" className={labelClass}>
            Early exit
          </label>
          <select
            id="sp-earlyExit"
            value={form.earlyExit}
            onChange={(e) => set('earlyExit', e.target.value as FormState['earlyExit'])}
            className={inputClass}
            aria-invalid={errors.earlyExit ? true : undefined}
            aria-describedby={errors.earlyExit ? 'sp-earlyExit-error' : undefined}
          >
            <option value="none">None (held to maturity)</option>
            <option value="daily">Daily</option>
          </select>
          <FieldError id="sp-earlyExit-error" message={errors.earlyExit} />
        </div>
        {text('earlyExitCostPct', 'Early-exit cost (%, optional)', 'Below the protection')}
      </div>
      <div className="flex gap-6">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.open} onChange={(e) => set('open', e.target.checked)} />
          Open for subscriptions at once
        </label>
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={form.hot} onChange={(e) => set('hot', e.target.checked)} />
          Feature as hot
        </label>
      </div>
      {serverMessage && !fieldOfMessage(serverMessage) ? <Alert>{serverMessage}</Alert> : null}
      {Object.values(errors).some(Boolean) ? (
        <p role="alert" className="text-red-800">
          Check the fields marked above.
        </p>
      ) : null}
      {created ? (
        <Alert tone="success">
          Structured product #{created.id} created ({created.status}): {created.name}.
        </Alert>
      ) : null}
      <Button type="submit" disabled={create.isPending} className={cx(create.isPending && 'opacity-75')}>
        Create structured product
      </Button>
    </form>
  );
}
