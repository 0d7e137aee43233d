import { Suspense } from 'react';
import { CopyButton } from '@/components/ui/copy-button';
import { EmptyState } from '@/components/ui/empty-state';
import { BankIcon } from '@/components/ui/icons';
import { KeyValueSection } from '@/components/ui/key-value-section';
import { DetailCardSkeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/lib/profile';
import { CostBasisPanel } from '@/features/cost-basis/components/cost-basis-panel';
import { StandingPanel } from '@/features/identity/components/standing-panel';
import { UserAvatar } from '@/features/identity/components/user-avatar';
import { slots } from '../../registry/slots';

const kycLabel: Record<string, string> = {
  approved: 'Verified',
  pending: 'In review',
  rejected: 'Rejected',
  unverified: 'Not verified',
};

export default function MeProfileTab() {
  const { data: profile, isLoading } = useProfile();
  const BankSection = slots.meBankSection;
  return (
    <div className="space-y-6">
      {isLoading || !profile ? (
        <DetailCardSkeleton rows={4} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-[320px_1fr]">
          <section className="flex flex-col items-center rounded-2xl border border-slate-200 bg-white p-6 text-center">
            <UserAvatar profile={profile} size={88} />
            <p className="mt-3 text-lg font-semibold text-slate-900">{profile.name || 'Imali client'}</p>
            <p className="text-sm text-slate-500">{profile.email || `+27 ${profile.mobile}`}</p>
            <div className="mt-3 flex gap-2">
              <span className="rounded-full bg-gold-100 px-2.5 py-0.5 text-xs font-bold text-gold-600">
                VIP: {profile.vip}
              </span>
              <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
                Trust Rating: {profile.score}
              </span>
            </div>
          </section>
          <KeyValueSection
            title="Account"
            headingLevel={2}
            rows={[
              {
                label: 'UID',
                value: (
                  <span className="inline-flex items-center gap-1">
                    {profile.id} <CopyButton text={String(profile.id)} label="UID" />
                  </span>
                ),
              },
              { label: 'Mobile', value: `+27 ${profile.mobile}` },
              { label: 'Identity verification', value: kycLabel[profile.kycStatus] ?? profile.kycStatus },
              { label: 'Transaction PIN', value: profile.has_pin ? 'Set' : 'Not set' },
            ]}
          />
        </div>
      )}
      {profile && <StandingPanel />}
      {profile && <CostBasisPanel />}
      <section id="bank-section" className="scroll-mt-24">
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Bank Accounts</h2>
        {BankSection ? (
          <Suspense fallback={<Spinner className="size-5 text-brand-500" label="Loading" />}>
            <BankSection />
          </Suspense>
        ) : (
          <EmptyState
            icon={<BankIcon />}
            title="No bank accounts yet"
            description="Bank accounts for withdrawals can be added here soon."
          />
        )}
      </section>
    </div>
  );
}
