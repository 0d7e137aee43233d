import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type Application,
  type ApplicationBody,
  type LoanFields,
  type LoanQuote,
  type TrialOffer,
} from '@imali/contract';
import { http } from '@/lib/api-client';

/** Query keys of the applications feature. */
export const applicationKeys = {
  all: ['applications'] as const,
  list: ['applications', 'list'] as const,
  trialOffer: ['applications', 'trial-offer'] as const,
};

export const APPLICATION_PATH = '/api/client/app/v1/application';

export function fetchApplications(): Promise<Application[]> {
  return http.get<Application[]>(APPLICATION_PATH);
}

export const applicationsQueryOptions = queryOptions({
  queryKey: applicationKeys.list,
  queryFn: fetchApplications,
});

export function useApplications() {
  return useQuery(applicationsQueryOptions);
}

export function fetchTrialOffer(): Promise<TrialOffer> {
  return http.get<TrialOffer>(`${APPLICATION_PATH}/trial_offer`);
}

export function useTrialOffer() {
  return useQuery({ queryKey: applicationKeys.trialOffer, queryFn: fetchTrialOffer, retry: false });
}

/** The cost of credit and affordability of a loan; nothing is written. */
export function previewLoan(body: LoanFields): Promise<LoanQuote> {
  return http.post<LoanQuote>(`${APPLICATION_PATH}/loan_preview`, body);
}

/** POST /client/app/v1/application with its Idempotency-Key (a retry is answered once). */
export function submitApplication(body: ApplicationBody, idempotencyKey: string): Promise<Application> {
  return http.post<Application>(APPLICATION_PATH, body, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  });
}

/** Evidence follows the KYC upload rules: an image sent to /client/app/v1/image. */
export function uploadEvidence(file: File): Promise<{ url?: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return http.post<{ url?: string }>('/api/client/app/v1/image', form);
}
