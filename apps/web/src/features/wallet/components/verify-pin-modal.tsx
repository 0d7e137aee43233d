import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode, Messages } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { LockIcon } from '@/components/ui/icons';
import { modal } from '@/components/ui/modal';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/http';
import { profileQueryKey, useProfile } from '@/lib/profile';
import { verifyPin } from '../api/verify-pin';
import { PIN_LENGTH, isPinComplete, sanitizePin } from '../model/pin';

export const VERIFY_PIN_KEY = 'verify-pin';
export const VERIFY_PIN_TITLE = 'Verify Your PIN';

export interface VerifyPinModalProps {
  /** Runs after a successful verification, once the modal has closed. */
  onVerified?: () => void;
  /** What the PIN confirms, e.g. 'Confirm your withdrawal of ZAR 1,000.00.' */
  description?: string;
}

/**
 * 'Verify Your PIN' (spec sections 2 and 5): 6 digits, non-digits stripped, verified automatically
 * at 6 digits or by Confirm (disabled until 6). A locked PIN shows the lock message instead.
 */
export default function VerifyPinModal({ onVerified, description }: VerifyPinModalProps) {
  const queryClient = useQueryClient();
  const { data: profile } = useProfile();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [lockedNow, setLockedNow] = useState(false);
  const inFlight = useRef(false);
  const locked = lockedNow || profile?.pin_locked === true;

  const submit = async (value: string) => {
    if (!isPinComplete(value) || inFlight.current || locked) return;
    inFlight.current = true;
    setBusy(true);
    setError(undefined);
    try {
      await verifyPin(value);
      modal.forceClose();
      onVerified?.();
    } catch (err) {
      // Spec section 8: an incorrect PIN is logged; the field clears for another try.
      console.warn('PIN verification failed', err);
      setPin('');
      if (err instanceof ApiError && err.code === ErrorCode.PinLocked) {
        setLockedNow(true);
        void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      } else if (err instanceof ApiError && err.code === ErrorCode.IncorrectPin) {
        setError(Messages.incorrectPin);
      } else {
        setError(err instanceof ApiError ? err.message : Messages.requestFailed);
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  if (locked) {
    return (
      <div className="space-y-5 text-center" data-testid="pin-locked">
        <div className="mx-auto flex size-14 items-center justify-center rounded-full bg-red-50 text-red-600">
          <LockIcon size={26} />
        </div>
        <p role="alert" className="text-sm text-slate-700">
          {Messages.pinLocked}
        </p>
        <Button block variant="outline" onClick={() => modal.forceClose()}>
          Close
        </Button>
      </div>
    );
  }

  if (profile && !profile.has_pin) {
    return (
      <div className="space-y-5 text-center">
        <p className="text-sm text-slate-700">{Messages.pinNotSet}</p>
        <p className="text-xs text-slate-500">
          Open the account panel from your avatar to set a 6-digit PIN.
        </p>
        <Button block variant="outline" onClick={() => modal.forceClose()}>
          Close
        </Button>
      </div>
    );
  }

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void submit(pin);
      }}
    >
      <div className="flex items-start gap-3">
        <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <LockIcon size={20} />
        </div>
        <p className="text-sm text-slate-600">{description ?? 'Enter your 6-digit PIN to continue.'}</p>
      </div>
      <TextField
        label="PIN"
        type="password"
        name="pin"
        value={pin}
        filter="digits"
        maxDigits={PIN_LENGTH}
        autoComplete="off"
        autoFocus
        error={error}
        disabled={busy}
        onValueChange={(raw) => {
          const value = sanitizePin(raw);
          setPin(value);
          if (error) setError(undefined);
          if (isPinComplete(value)) void submit(value);
        }}
      />
      <div className="flex justify-center gap-2.5" aria-hidden="true">
        {Array.from({ length: PIN_LENGTH }, (_, i) => (
          <span
            key={i}
            className={`size-3 rounded-full transition-colors ${i < pin.length ? 'bg-brand-600' : 'bg-slate-200'}`}
          />
        ))}
      </div>
      <Button type="submit" block size="lg" loading={busy} disabled={!isPinComplete(pin)}>
        Confirm
      </Button>
    </form>
  );
}

/**
 * Opens 'Verify Your PIN' and resolves true once verified, false if the client closes it.
 * Used by the wallet's own flows.
 */
export function askForPin(description?: string): Promise<boolean> {
  return new Promise((resolve) => {
    let verified = false;
    modal.open<VerifyPinModalProps>({
      key: VERIFY_PIN_KEY,
      title: VERIFY_PIN_TITLE,
      content: VerifyPinModal,
      props: {
        description,
        onVerified: () => {
          verified = true;
          resolve(true);
        },
      },
      // forceClose() after a success runs onClose before onVerified: decide a moment later.
      onClose: () => {
        queueMicrotask(() => {
          if (!verified) resolve(false);
        });
      },
    });
  });
}
