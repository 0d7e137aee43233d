import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { totpCodeSchema } from '@imali/contract';
import { ApiError, PASSKEY_STEP_UP } from '../lib/api';
import { passkeysSupported } from '../lib/passkeys';
import { Alert, Button, inputClass, labelClass } from './ui';

/**
 * Sends a request that needs step-up: `send(code)` is called with a fresh authenticator code the
 * dialog asks for, or with PASSKEY_STEP_UP when the user chooses their passkey (the API client then
 * signs that exact request; decision 0066). With `askFirst: false` the request goes out without one
 * first and the dialog opens only if the server asks for it. A wrong or used code (or a passkey
 * that did not answer) keeps the dialog open with the message; Cancel rejects with a
 * StepUpCancelled. `passkey: false` for the routes that take a code only (adding or removing a
 * passkey).
 */
export type WithStepUp = <T>(
  send: (code: string | undefined) => Promise<T>,
  options?: { title?: string; askFirst?: boolean; passkey?: boolean },
) => Promise<T>;

export class StepUpCancelled extends Error {
  constructor() {
    super('Step-up cancelled.');
    this.name = 'StepUpCancelled';
  }
}

interface Pending {
  title: string;
  /** The dialog offers "Use a passkey". */
  passkey: boolean;
  error?: string;
  submit: (code: string) => Promise<void>;
  cancel: () => void;
}

const StepUpContext = createContext<WithStepUp | null>(null);

export function useStepUp(): WithStepUp {
  const withStepUp = useContext(StepUpContext);
  if (!withStepUp) throw new Error('useStepUp outside a StepUpProvider');
  return withStepUp;
}

/** `passkeys`: the signed-in user has one (StaffMe.passkeys > 0), so step-up may offer it. */
export function StepUpProvider({ children, passkeys = false }: { children: ReactNode; passkeys?: boolean }) {
  const [pending, setPending] = useState<Pending | null>(null);

  const withStepUp = useCallback<WithStepUp>(
    async (send, options = {}) => {
      const title = options.title ?? 'Confirm with a fresh code';
      const passkey = passkeys && options.passkey !== false && passkeysSupported();
      if (options.askFirst === false) {
        try {
          return await send(undefined);
        } catch (error) {
          if (!(error instanceof ApiError && error.stepUp)) throw error;
          return ask(send, title, error.message);
        }
      }
      return ask(send, title);

      function ask<T>(run: (code: string) => Promise<T>, dialogTitle: string, firstError?: string) {
        return new Promise<T>((resolve, reject) => {
          const submit = async (code: string) => {
            try {
              const result = await run(code);
              setPending(null);
              resolve(result);
            } catch (error) {
              if (error instanceof ApiError && error.stepUp) {
                setPending((p) => (p ? { ...p, error: error.message } : p));
                return;
              }
              setPending(null);
              reject(error);
            }
          };
          const cancel = () => {
            setPending(null);
            reject(new StepUpCancelled());
          };
          setPending({
            title: dialogTitle,
            passkey,
            submit,
            cancel,
            ...(firstError ? { error: firstError } : {}),
          });
        });
      }
    },
    [passkeys],
  );

  return (
    <StepUpContext.Provider value={withStepUp}>
      {children}
      {pending ? <StepUpDialog pending={pending} /> : null}
    </StepUpContext.Provider>
  );
}

function StepUpDialog({ pending }: { pending: Pending }) {
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    opener.current = document.activeElement;
    input.current?.focus();
    // Focus goes back where it was when the dialog closes.
    return () => (opener.current as HTMLElement | null)?.focus?.();
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code.trim());
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? 'Enter the 6-digit code.');
      return;
    }
    setInvalid(null);
    setBusy(true);
    try {
      await pending.submit(parsed.data);
    } finally {
      // Still open: the code was refused, and the next one goes in an empty field.
      setBusy(false);
      setCode('');
      input.current?.focus();
    }
  };
  const message = invalid ?? pending.error;
  const confirmWithPasskey = async () => {
    setInvalid(null);
    setBusy(true);
    try {
      await pending.submit(PASSKEY_STEP_UP);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="step-up-title"
        aria-describedby="step-up-hint"
        className="w-full max-w-sm rounded-lg bg-white p-5 shadow-lg"
        onKeyDown={(event) => {
          if (event.key === 'Escape') pending.cancel();
          if (event.key === 'Tab') keepFocusInside(event);
        }}
      >
        <form onSubmit={onSubmit} noValidate className="space-y-3">
          <h2 id="step-up-title" className="text-lg font-bold text-slate-900">
            {pending.title}
          </h2>
          <p id="step-up-hint" className="text-sm text-slate-700">
            This change needs a fresh code from your authenticator app. Each code works once.
            {pending.passkey ? ' Or confirm it with your passkey.' : ''}
          </p>
          {message ? <Alert>{message}</Alert> : null}
          <div>
            <label htmlFor="step-up-code" className={labelClass}>
              6-digit code
            </label>
            <input
              id="step-up-code"
              ref={input}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className={`${inputClass} font-mono tracking-widest`}
              aria-invalid={message ? true : undefined}
            />
          </div>
          <div className="flex justify-end gap-2">
            <Button tone="secondary" onClick={pending.cancel}>
              Cancel
            </Button>
            {pending.passkey ? (
              <Button tone="secondary" onClick={() => void confirmWithPasskey()} disabled={busy}>
                Use passkey
              </Button>
            ) : null}
            <Button type="submit" disabled={busy}>
              {busy ? 'Confirming…' : 'Confirm'}
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Tab and Shift+Tab cycle within the dialog (a modal keeps the focus until it closes). */
function keepFocusInside(event: KeyboardEvent<HTMLElement>) {
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('input, button:not([disabled])')];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}
