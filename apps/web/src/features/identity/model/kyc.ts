import type { z } from 'zod';
import type { KycStatus, kycBaseForm, kycIdForm } from '@imali/contract';
import { MAX_IMAGE_BYTES, Messages } from '@imali/contract';

/** The KYC Base step's fields (the contract's form schema, as the API's identifyBody checks them). */
export type KycBaseValues = z.output<typeof kycBaseForm>;
/** The KYC ID step's fields. */
export type KycIdValues = z.output<typeof kycIdForm>;

export const KYC_SCROLL_THRESHOLD_PX = 30;

/** True once the agreement box is scrolled to within 30 px of its bottom. */
export function isScrolledToEnd(el: {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= KYC_SCROLL_THRESHOLD_PX;
}

export const KYC_STEPS = [
  { label: 'Agreement', subLabel: 'Terms of service' },
  { label: 'Base', subLabel: 'Personal details' },
  { label: 'ID', subLabel: 'Identity document' },
  { label: 'Status', subLabel: 'Review' },
] as const;

export const STATUS_STEP = 3;

/** The step to open on: pending and rejected users see their status. */
export function initialKycStep(status: KycStatus | undefined): number {
  return status === 'pending' || status === 'rejected' ? STATUS_STEP : 0;
}

export function kycStatusText(status: KycStatus | undefined): { title: string; body: string } {
  switch (status) {
    case 'pending':
      return { title: 'Verification In Progress', body: 'Please wait while we verify your information.' };
    case 'rejected':
      return {
        title: 'Verification Rejected',
        body: 'Unfortunately, your KYC was rejected. Please contact support.',
      };
    default:
      return { title: 'Thank you for submitting', body: 'We will notify you once it is reviewed.' };
  }
}

/** Checks a picked ID image before upload; returns the spec's message or null when fine. */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return Messages.onlyImages;
  if (file.size > MAX_IMAGE_BYTES) return Messages.imageTooLarge;
  return null;
}
