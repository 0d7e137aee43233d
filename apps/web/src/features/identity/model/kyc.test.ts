import { describe, expect, it } from 'vitest';
import { imageFileProblem, initialKycStep, isScrolledToEnd, kycStatusText, STATUS_STEP } from './kyc';
import { avatarInitial, placeholderAvatar } from './avatar';

describe('KYC page rules', () => {
  it('enables the agreement only within 30 px of the bottom', () => {
    expect(isScrolledToEnd({ scrollHeight: 1000, clientHeight: 300, scrollTop: 669 })).toBe(false);
    expect(isScrolledToEnd({ scrollHeight: 1000, clientHeight: 300, scrollTop: 670 })).toBe(true);
    expect(isScrolledToEnd({ scrollHeight: 1000, clientHeight: 300, scrollTop: 700 })).toBe(true);
  });

  it('jumps pending and rejected users to the Status step', () => {
    expect(initialKycStep('pending')).toBe(STATUS_STEP);
    expect(initialKycStep('rejected')).toBe(STATUS_STEP);
    expect(initialKycStep('unverified')).toBe(0);
    expect(initialKycStep(undefined)).toBe(0);
  });

  it('shows the three status texts', () => {
    expect(kycStatusText('pending')).toEqual({
      title: 'Verification In Progress',
      body: 'Please wait while we verify your information.',
    });
    expect(kycStatusText('rejected')).toEqual({
      title: 'Verification Rejected',
      body: 'Unfortunately, your KYC was rejected. Please contact support.',
    });
    for (const status of ['unverified', 'approved'] as const) {
      expect(kycStatusText(status)).toEqual({
        title: 'Thank you for submitting',
        body: 'We will notify you once it is reviewed.',
      });
    }
  });

  it('refuses non-images and images over 20MB', () => {
    expect(imageFileProblem({ type: 'application/pdf', size: 10 })).toBe('Only image files are allowed.');
    expect(imageFileProblem({ type: 'image/png', size: 20 * 1024 * 1024 + 1 })).toBe(
      'Image must be smaller than 20MB.',
    );
    expect(imageFileProblem({ type: 'image/jpeg', size: 20 * 1024 * 1024 })).toBeNull();
  });
});

describe('avatar', () => {
  it("uses the name's first letter upper-cased, '?' when missing", () => {
    expect(avatarInitial('thandi')).toBe('T');
    expect(avatarInitial('')).toBe('?');
    expect(avatarInitial(undefined)).toBe('?');
  });
  it('generates a placeholder image', () => {
    expect(placeholderAvatar('zola')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(placeholderAvatar('zola'))).toContain('>Z</text>');
  });
});
