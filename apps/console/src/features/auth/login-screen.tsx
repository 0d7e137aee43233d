import { zodResolver } from '@hookform/resolvers/zod';
import { staffLoginInput, type StaffLoginInput } from '@imali/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { startSession, type SignInState } from '../../app/session';
import { messageOf } from '../../lib/api';
import { passkeysSupported } from '../../lib/passkeys';
import { Alert, Button, TextField } from '../../components/ui';
import { signIn, signInWithPasskey } from './auth-api';

const REASONS: Record<NonNullable<SignInState['reason']>, string> = {
  expired: 'Your session has ended. Sign in again to continue.',
  idle: 'You were signed out after 15 minutes without activity. Sign in again to continue.',
  'signed-out': 'You have signed out.',
};

/**
 * Email, password and the 6-digit code of the staff user's authenticator app; or, after email and
 * password, the user's passkey instead of the code (decision 0066), where the browser has them.
 */
export function LoginScreen() {
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as SignInState;
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<StaffLoginInput>({
    resolver: zodResolver(staffLoginInput),
    defaultValues: { email: '', password: '', totpCode: '' },
  });
  const onSignedIn = (me: Awaited<ReturnType<typeof signIn>>) => {
    startSession(queryClient, me);
    const from = state.from && state.from !== '/login' ? state.from : '/';
    navigate(from, { replace: true });
  };
  const login = useMutation({
    mutationFn: signIn,
    onSuccess: onSignedIn,
    // A code is used once: a failed attempt needs the next one.
    onError: () => setValue('totpCode', ''),
  });
  const withPasskey = useMutation({ mutationFn: signInWithPasskey, onSuccess: onSignedIn });
  // Read once: whether this browser has WebAuthn at all (it does not change while the page lives).
  const [offerPasskey] = useState(passkeysSupported);
  const startPasskeySignIn = () => {
    // Email and password as the form checks them; the code field is not needed.
    const email = staffLoginInput.shape.email.safeParse(getValues('email'));
    const password = staffLoginInput.shape.password.safeParse(getValues('password'));
    clearErrors();
    if (!email.success) setError('email', { message: email.error.issues[0]?.message ?? 'Enter your email.' });
    if (!password.success)
      setError('password', { message: password.error.issues[0]?.message ?? 'Enter your password.' });
    if (!email.success || !password.success) return;
    login.reset();
    withPasskey.mutate({ email: email.data, password: password.data });
  };
  const failure = login.error ?? withPasskey.error;
  const busy = login.isPending || withPasskey.isPending;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 p-6">
      <form
        noValidate
        onSubmit={handleSubmit((values) => {
          withPasskey.reset();
          login.mutate(values);
        })}
        className="w-full max-w-sm space-y-4 rounded-lg border border-slate-300 bg-white p-6 shadow-sm"
        aria-labelledby="login-title"
      >
        <h1 id="login-title" ref={heading} tabIndex={-1} className="text-xl font-bold text-slate-900">
          Imali console — staff sign-in
        </h1>
        {state.reason ? <Alert tone="info">{REASONS[state.reason]}</Alert> : null}
        {failure ? <Alert>{messageOf(failure)}</Alert> : null}
        <TextField
          id="email"
          label="Work email"
          type="email"
          autoComplete="username"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <TextField
          id="totpCode"
          label="6-digit code from your authenticator app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="[0-9]{6}"
          className="font-mono tracking-widest"
          error={errors.totpCode?.message}
          {...register('totpCode')}
        />
        <Button type="submit" className="w-full py-2" disabled={busy}>
          {login.isPending ? 'Signing in…' : 'Sign in'}
        </Button>
        {offerPasskey ? (
          <Button tone="secondary" className="w-full py-2" onClick={startPasskeySignIn} disabled={busy}>
            {withPasskey.isPending ? 'Waiting for your passkey…' : 'Use a passkey instead of the code'}
          </Button>
        ) : null}
      </form>
    </main>
  );
}
