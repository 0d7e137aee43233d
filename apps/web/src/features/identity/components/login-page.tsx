import { useContext, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { QueryClientContext } from '@tanstack/react-query';
import { Messages, signInForm } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Logo } from '@/components/ui/logo';
import { FormTextField } from '@/components/ui/form-text-field';
import { AlertIcon, CheckCircleIcon, ShieldIcon } from '@/components/ui/icons';
import { modal } from '@/components/ui/modal';
import { http } from '@/lib/api-client';
import { authStorage, STORAGE_UNSUPPORTED_MESSAGE } from '@/lib/auth-storage';
import { ApiError } from '@/lib/http';
import { lazyRetry } from '@/lib/lazy-retry';
import { returnRoute } from '@/lib/return-route';
import { standardResolver } from '@/lib/standard-resolver';
import { login } from '../api/login';
import { CookieBanner } from './cookie-banner';

// Opened by a tap, so fetched then: the sign-in page's first paint does not wait for them.
const ForgotPasswordModal = lazyRetry(() =>
  import('./forgot-password-modal').then((m) => ({ default: m.ForgotPasswordModal })),
);
const SignUpModal = lazyRetry(() => import('./sign-up-modal').then((m) => ({ default: m.SignUpModal })));

function BrandPanel() {
  return (
    <aside
      aria-label="About Imali"
      className="relative hidden overflow-hidden bg-brand-800 p-12 text-white lg:flex lg:flex-col"
    >
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 size-96 rounded-full bg-brand-600/40 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute bottom-0 left-0 h-72 w-full bg-gradient-to-t from-brand-900 to-transparent"
      />
      <svg
        aria-hidden="true"
        viewBox="0 0 400 160"
        className="absolute right-0 bottom-24 w-[120%] max-w-none opacity-30"
      >
        <path
          d="M0 140 60 120 110 128 160 90 210 100 260 60 310 70 360 30 400 20"
          stroke="#f2c14e"
          strokeWidth="3"
          fill="none"
        />
      </svg>
      <Logo variant="inverse" large className="relative" />
      <div className="relative mt-auto max-w-md">
        <h2 className="text-4xl leading-tight font-bold tracking-tight">
          Grow your wealth with <span className="text-gold-400">clarity</span>.
        </h2>
        <p className="mt-4 text-brand-100">
          Shares, funds, structured products and IPOs in one South African platform, with your advisor beside
          you.
        </p>
        <ul className="mt-8 space-y-3 text-sm text-brand-50">
          {[
            'FICA-verified accounts',
            'PIN-protected trades and withdrawals',
            'Rand balances, itemised fees',
          ].map((t) => (
            <li key={t} className="flex items-center gap-2">
              <CheckCircleIcon size={18} className="text-gold-400" /> {t}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}

export function LoginPage() {
  const navigate = useNavigate();
  // No client yet when the signed-in app has not been opened in this page: nothing to clear then.
  const queryClient = useContext(QueryClientContext);
  const [failure, setFailure] = useState<string | null>(null);
  const storageOk = authStorage.isSupported();
  const form = useForm({
    resolver: standardResolver(signInForm),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const auth = await login({
        mobile: values.email,
        password: values.password,
        remember: values.remember,
      });
      authStorage.save({ refresh_token: auth.refresh_token, remember: values.remember });
      http.resetSessionState();
      queryClient?.clear();
      await navigate(returnRoute.take() ?? '/dashboard', { replace: true });
    } catch (error) {
      setFailure(
        error instanceof ApiError || error instanceof Error
          ? error.message || Messages.loginFailed
          : Messages.loginFailed,
      );
    }
  });

  return (
    <div className="grid min-h-screen bg-white lg:grid-cols-[1.05fr_1fr]">
      <BrandPanel />
      <div className="flex flex-col px-5 py-8 sm:px-10">
        <header className="flex items-center justify-between lg:hidden">
          <Logo />
        </header>
        <main className="mx-auto my-auto w-full max-w-sm py-10">
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Welcome back</h1>
          <p className="mt-2 text-sm text-slate-500">
            Sign in with your mobile number to manage your investments.
          </p>
          {!storageOk && (
            <p
              role="alert"
              className="mt-6 flex gap-2 rounded-xl bg-gold-100 px-3 py-2.5 text-sm text-gold-600"
            >
              <AlertIcon size={18} className="shrink-0" /> {STORAGE_UNSUPPORTED_MESSAGE}
            </p>
          )}
          <form onSubmit={onSubmit} noValidate className="mt-8 space-y-4" aria-label="Sign in">
            <FormTextField
              control={form.control}
              name="email"
              label="Mobile number"
              prefix="+27"
              filter="digits"
              autoComplete="username"
              clearable
            />
            <FormTextField
              control={form.control}
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
            />
            <div className="flex items-center justify-between">
              <Controller
                control={form.control}
                name="remember"
                render={({ field }) => (
                  <Checkbox
                    label="Remember me"
                    checked={field.value}
                    onChange={(e) => field.onChange(e.target.checked)}
                  />
                )}
              />
              <button
                type="button"
                className="text-sm font-semibold text-brand-600 hover:text-brand-700"
                onClick={() =>
                  modal.open({
                    key: 'forgot-password',
                    title: 'Reset Password',
                    content: ForgotPasswordModal,
                  })
                }
              >
                Forgot password?
              </button>
            </div>
            {failure && (
              <p role="alert" className="rounded-xl bg-red-50 px-3 py-2.5 text-sm font-medium text-red-700">
                {failure}
              </p>
            )}
            <Button type="submit" size="lg" block loading={form.formState.isSubmitting} disabled={!storageOk}>
              Sign In
            </Button>
          </form>
          <p className="mt-6 text-center text-sm text-slate-600">
            New to Imali?{' '}
            <button
              type="button"
              className="font-semibold text-brand-600 hover:text-brand-700"
              onClick={() =>
                modal.open({ key: 'sign-up', title: 'Create your account', content: SignUpModal })
              }
            >
              Create an account
            </button>
          </p>
          <p className="mt-10 flex items-center justify-center gap-1.5 text-xs text-slate-400">
            <ShieldIcon size={14} /> Protected by FICA-compliant verification
          </p>
        </main>
        <nav
          aria-label="Legal"
          className="flex flex-wrap justify-center gap-x-5 gap-y-1 pb-20 text-xs text-slate-500 sm:pb-2"
        >
          <Link to="/about" className="hover:text-brand-700">
            About
          </Link>
          <Link to="/privacy" className="hover:text-brand-700">
            Privacy Notice
          </Link>
          <Link to="/cookie" className="hover:text-brand-700">
            Cookie Notice
          </Link>
        </nav>
      </div>
      <CookieBanner />
    </div>
  );
}
