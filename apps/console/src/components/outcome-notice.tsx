import type { ApprovalOutcome } from '@imali/contract';
import { Link } from 'react-router';
import { Alert } from './ui';

const checkers = (n: number) => `${n} checker${n === 1 ? '' : 's'}`;

/**
 * What an approval request became, the one wording every screen uses: waiting for its checkers
 * (with the way to Approvals, and `hint` where the screen says more), or done at once under a
 * policy that needs no checker (`done`).
 */
export function OutcomeNotice({
  outcome,
  done,
  hint,
}: {
  outcome: ApprovalOutcome;
  done: string;
  hint?: string;
}) {
  if (outcome.status === 'pending') {
    return (
      <Alert tone="success">
        Waiting for approval by {checkers(outcome.request.checkersRequired)} (request #{outcome.request.id}
        ).{hint ? ` ${hint}` : ''}{' '}
        <Link to="/approvals" className="text-accent-700 underline">
          Open approvals
        </Link>
      </Alert>
    );
  }
  return <Alert tone="success">{done}</Alert>;
}
