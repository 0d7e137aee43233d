import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Application } from '@imali/contract';
import type { BottomDrawerContentProps } from '@/components/ui/bottom-drawer';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { InfoIcon } from '@/components/ui/icons';
import { DetailCardSkeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/http';
import { createIdempotencyKeeper, sendOnce } from '@/lib/idempotency';
import { applicationKeys, submitApplication, useTrialOffer } from '../api/applications';
import { accountsQueryKey } from '@/lib/accounts';
import { money, shortDate } from '../model/forms';
import { Submitted } from './parts';

/**
 * The 'trial' bottom drawer (Trial Bonus Offer, 90vh; only when allow_bonus): the whole terms —
 * amount, what may and may not be done with it, expiry and what happens then — before the client
 * can accept; accepting credits the bonus at once.
 */
export default function TrialDrawer({ close, closeAndNavigate }: BottomDrawerContentProps<'trial'>) {
  const queryClient = useQueryClient();
  const offer = useTrialOffer();
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Application | null>(null);
  const keeper = useState(createIdempotencyKeeper)[0];

  if (done) {
    return (
      <Submitted
        application={done}
        title="Trial bonus credited"
        text={`${money(done.amount, done.currency)} is in your ${done.currency} account to invest until ${shortDate(done.trial?.expires_at ?? '')}. It cannot be withdrawn.`}
        onApplications={() => closeAndNavigate('/me/application')}
        onClose={close}
      />
    );
  }
  if (offer.isLoading) return <DetailCardSkeleton />;
  if (offer.error || !offer.data) {
    return (
      <EmptyState
        icon={<InfoIcon />}
        title="Trial bonus not available"
        description={errorMessage(offer.error, 'The trial bonus could not be loaded.')}
      />
    );
  }
  const terms = offer.data;

  const accept = async () => {
    const body = { type: 'trial' as const, terms_version: terms.version, accept_terms: true as const };
    setBusy(true);
    try {
      const application = await sendOnce(keeper, body, submitApplication);
      toast.success('Trial bonus credited.');
      setDone(application);
      void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
      void queryClient.invalidateQueries({ queryKey: accountsQueryKey });
    } catch (error) {
      toast.error(errorMessage(error));
      void offer.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-5" data-testid="trial-offer">
      <div className="rounded-2xl bg-brand-50 p-5 text-center">
        <p className="text-sm font-medium text-brand-700">Trial bonus</p>
        <p className="mt-1 text-3xl font-bold text-brand-900">{money(terms.amount, terms.currency)}</p>
        <p className="mt-1 text-sm text-brand-700">
          Valid for {terms.valid_days} days: until {shortDate(terms.expires_at)} if you accept today
        </p>
      </div>
      <section aria-labelledby="trial-terms-title">
        <h3 id="trial-terms-title" className="mb-2 text-sm font-semibold text-slate-900">
          Terms and conditions
        </h3>
        <ol className="list-decimal space-y-2 rounded-2xl border border-slate-200 bg-white p-4 pl-8 text-sm text-slate-700">
          {terms.conditions.map((c) => (
            <li key={c}>{c}</li>
          ))}
        </ol>
      </section>
      {terms.taken ? (
        <p role="status" className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">
          You have already accepted the trial bonus. See it under Me &gt; Application.
        </p>
      ) : (
        <>
          <Checkbox
            checked={agreed}
            onChange={(e) => setAgreed(e.target.checked)}
            label="I have read the terms above and accept them."
          />
          <Button size="lg" block disabled={!agreed} loading={busy} onClick={() => void accept()}>
            Accept bonus
          </Button>
        </>
      )}
    </div>
  );
}
