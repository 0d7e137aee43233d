import type { ApprovalOutcome } from '@imali/contract';
import { Link } from 'react-router';
import { Alert } from '../../components/ui';

const checkers = (n: number) => `${n} checker${n === 1 ? '' : 's'}`;

/** What a request became: waiting for checkers (with the way to Approvals), or done at once. */
export function OutcomeNotice({ outcome, done }: { outcome: ApprovalOutcome; done: string }) {
  if (outcome.status === 'pending') {
    return (
      <Alert tone="success">
        Waiting for approval by {checkers(outcome.request.checkersRequired)} (request #{outcome.request.id}
        ).{' '}
        <Link to="/approvals" className="text-accent-700 underline">
          Open approvals
        </Link>
      </Alert>
    );
  }
  return <Alert tone="success">{done}</Alert>;
}
