import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { AlertIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { retryFailedLoads } from '@/lib/lazy-retry';

export default function ErrorPage() {
  const navigate = useNavigate();
  return (
    <div className="flex min-h-screen flex-col items-center justify-center px-6 text-center">
      <Logo className="mb-10" />
      <div className="mb-4 flex size-14 items-center justify-center rounded-full bg-gold-100 text-gold-600">
        <AlertIcon size={28} />
      </div>
      <h1 className="text-2xl font-bold text-slate-900">You appear to be offline</h1>
      <p className="mt-2 max-w-md text-slate-600">
        Imali could not reach the network. Check your internet connection, then try again.
      </p>
      <Button
        className="mt-6"
        onClick={() => {
          // What could not load while offline is fetched again.
          retryFailedLoads();
          void navigate('/', { replace: true });
        }}
      >
        Try again
      </Button>
    </div>
  );
}
