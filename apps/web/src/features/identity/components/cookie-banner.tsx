import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { localFlags } from '@/lib/auth-storage';

export const COOKIE_OK_KEY = 'imali.cookie-ok';

/** Shows until the user presses OK; the OK flag is kept in local storage. */
export function CookieBanner() {
  const [accepted, setAccepted] = useState(() => localFlags.get(COOKIE_OK_KEY) === 'true');
  if (accepted) return null;
  return (
    <div
      role="region"
      aria-label="Cookie notice"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-3xl flex-col gap-3 rounded-2xl bg-brand-900 p-4 text-sm text-brand-50 shadow-2xl sm:flex-row sm:items-center sm:gap-5 sm:p-5"
    >
      <p className="flex-1 leading-relaxed">
        Imali uses essential cookies and local storage to keep you signed in and remember your preferences.
        Read our{' '}
        <Link to="/cookie" className="font-semibold text-gold-300 underline underline-offset-2">
          Cookie Notice
        </Link>{' '}
        and{' '}
        <Link to="/privacy" className="font-semibold text-gold-300 underline underline-offset-2">
          Privacy Notice
        </Link>
        .
      </p>
      <Button
        variant="gold"
        onClick={() => {
          localFlags.set(COOKIE_OK_KEY, 'true');
          setAccepted(true);
        }}
        className="shrink-0"
      >
        OK
      </Button>
    </div>
  );
}
