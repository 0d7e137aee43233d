import { errorMessage } from '@/lib/http';
import { Button } from './button';
import { EmptyState } from './empty-state';
import { AlertIcon } from './icons';

/** What a drawer shows when what it opens could not be loaded: the reason and Try again. */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry: () => void;
}) {
  return (
    <EmptyState
      icon={<AlertIcon />}
      title={title}
      description={errorMessage(error)}
      action={<Button onClick={onRetry}>Try again</Button>}
    />
  );
}
