import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application, ApplicationBody, LoanFields, LoanQuote, TrialOffer } from '@imali/contract';
import { api, apiRoutes } from '@/lib/api';

/** Query keys of the applications feature. */
export const applicationKeys = {
  all: ['applications'] as const,
  list: ['applications', 'list'] as const,
  trialOffer: ['applications', 'trial-offer'] as const,
};

export function fetchApplications(): Promise<Application[]> {
  return api.call(apiRoutes.applications);
}

export const applicationsQueryOptions = queryOptions({
  queryKey: applicationKeys.list,
  queryFn: fetchApplications,
});

export function useApplications() {
  return useQuery(applicationsQueryOptions);
}

export function fetchTrialOffer(): Promise<TrialOffer> {
  return api.call(apiRoutes.trialOffer);
}

export function useTrialOffer() {
  return useQuery({ queryKey: applicationKeys.trialOffer, queryFn: fetchTrialOffer, retry: false });
}

/** The cost of credit and affordability of a loan; nothing is written. */
export function previewLoan(body: LoanFields): Promise<LoanQuote> {
  return api.call(apiRoutes.loanPreview, { body });
}

/** POST /client/app/v1/application with its Idempotency-Key (a retry is answered once). */
export function submitApplication(body: ApplicationBody, idempotencyKey: string): Promise<Application> {
  return api.call(apiRoutes.submitApplication, { body, idempotencyKey });
}

/** Evidence follows the KYC upload rules: an image sent to /client/app/v1/image. */
export function uploadEvidence(file: File): Promise<{ url?: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return api.call(apiRoutes.uploadImage, { body: form });
}
