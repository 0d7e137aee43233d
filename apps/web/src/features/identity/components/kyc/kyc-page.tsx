import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Messages } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { LogoutIcon } from '@/components/ui/icons';
import { Logo } from '@/components/ui/logo';
import { Spinner } from '@/components/ui/spinner';
import { Stepper } from '@/components/ui/stepper';
import { ApiError } from '@/lib/http';
import { returnRoute } from '@/lib/return-route';
import { profileQueryKey, profileQueryOptions } from '@/lib/profile';
import { submitKyc } from '../../api/submit-kyc';
import {
  initialKycStep,
  KYC_STEPS,
  STATUS_STEP,
  type KycBaseValues,
  type KycIdValues,
} from '../../model/kyc';
import { logout } from '../../model/logout';
import { AgreementStep } from './agreement-step';
import { BaseStep } from './base-step';
import { IdStep } from './id-step';
import { StatusStep } from './status-step';

const PENDING_POLL_MS = 5000;

export function KycPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: profile, isLoading } = useQuery({
    ...profileQueryOptions,
    refetchInterval: (query) => (query.state.data?.kycStatus === 'pending' ? PENDING_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const status = profile?.kycStatus;
  const [step, setStep] = useState(0);
  const [restarted, setRestarted] = useState(false);
  const [base, setBase] = useState<KycBaseValues | null>(null);
  const [idValues, setIdValues] = useState<KycIdValues>({ id_no: '', id_front_url: '', id_back_url: '' });

  // Pending and rejected users see the Status step (a rejected one may start again).
  const jumped = initialKycStep(status) === STATUS_STEP && !(status === 'rejected' && restarted);
  const currentStep = jumped ? STATUS_STEP : step;

  // Approved users leave the page.
  useEffect(() => {
    if (status === 'approved') void navigate(returnRoute.take() ?? '/dashboard', { replace: true });
  }, [status, navigate]);

  const onSubmitKyc = async (values: KycIdValues): Promise<string | null> => {
    if (!base) return Messages.requestFailed;
    setIdValues(values);
    try {
      await submitKyc({ ...base, ...values });
      await queryClient.invalidateQueries({ queryKey: profileQueryKey });
      setStep(STATUS_STEP);
      return null;
    } catch (error) {
      return error instanceof ApiError ? error.message : Messages.requestFailed;
    }
  };

  return (
    <div className="min-h-screen bg-surface">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between px-4">
          <Logo />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void logout({ queryClient, navigate: (to) => void navigate(to) })}
          >
            <LogoutIcon size={16} /> Log out
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Verify your identity</h1>
        <p className="mt-1 text-sm text-slate-500">
          It takes about three minutes. We review submissions within one business day.
        </p>
        <div className="mt-6 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <Stepper steps={[...KYC_STEPS]} active={currentStep} className="mb-8" />
          {isLoading ? (
            <div className="flex justify-center py-16">
              <Spinner className="size-6 text-brand-500" label="Loading" />
            </div>
          ) : currentStep === 0 ? (
            <AgreementStep onNext={() => setStep(1)} />
          ) : currentStep === 1 ? (
            <BaseStep
              initial={base ?? { full_name: profile?.name ?? '', mobile: profile?.mobile ?? '', dob: '' }}
              onBack={() => setStep(0)}
              onNext={(values) => {
                setBase(values);
                setStep(2);
              }}
            />
          ) : currentStep === 2 ? (
            <IdStep initial={idValues} onBack={() => setStep(1)} onSubmit={onSubmitKyc} />
          ) : (
            <StatusStep
              status={status}
              reason={profile?.kyc_reason}
              onRestart={() => {
                setRestarted(true);
                setStep(0);
              }}
            />
          )}
        </div>
      </main>
    </div>
  );
}
