import { describe, expect, it } from 'vitest';
import { decideRoute, needsKycStatus, type GuardInput } from './guard';

const base: GuardInput = {
  path: '/dashboard',
  authenticated: true,
  kycStatus: 'approved',
  returnRoute: null,
};
const decide = (over: Partial<GuardInput>) => decideRoute({ ...base, ...over });

describe('route guard (spec section 2)', () => {
  it('allows public paths to anyone', () => {
    for (const path of ['/about', '/privacy', '/cookie', '/login']) {
      expect(decide({ path, authenticated: false, kycStatus: null })).toEqual({ action: 'allow' });
    }
  });

  it('sends an authenticated user on /login to /dashboard when approved, else to /kyc', () => {
    expect(decide({ path: '/login', kycStatus: 'approved' })).toEqual({
      action: 'redirect',
      to: '/dashboard',
    });
    for (const kycStatus of ['unverified', 'pending', 'rejected'] as const) {
      expect(decide({ path: '/login', kycStatus })).toEqual({ action: 'redirect', to: '/kyc' });
    }
  });

  it('lets a user whose session cannot be verified stay on /login', () => {
    expect(decide({ path: '/login', kycStatus: null })).toEqual({ action: 'allow' });
  });

  it('sends unauthenticated users to /login and remembers where they were going', () => {
    expect(decide({ path: '/portfolio/holding', authenticated: false, kycStatus: null })).toEqual({
      action: 'redirect',
      to: '/login',
      remember: '/portfolio/holding',
    });
    expect(decide({ path: '/kyc', authenticated: false, kycStatus: null })).toEqual({
      action: 'redirect',
      to: '/login',
    });
  });

  it('sends users whose session cannot be verified to /login', () => {
    expect(decide({ path: '/market', kycStatus: null })).toMatchObject({ action: 'redirect', to: '/login' });
  });

  it('holds users without approved KYC at /kyc on every other page', () => {
    for (const kycStatus of ['unverified', 'pending', 'rejected'] as const) {
      expect(decide({ path: '/me/profile', kycStatus })).toEqual({
        action: 'redirect',
        to: '/kyc',
        remember: '/me/profile',
      });
      expect(decide({ path: '/kyc', kycStatus })).toEqual({ action: 'allow' });
      expect(decide({ path: '/no-such-page', kycStatus })).toMatchObject({ action: 'redirect', to: '/kyc' });
    }
  });

  it('sends approved users away from /kyc to the stored return route, or /dashboard', () => {
    expect(decide({ path: '/kyc', returnRoute: '/market' })).toEqual({
      action: 'redirect',
      to: '/market',
      consumedReturn: true,
    });
    expect(decide({ path: '/kyc' })).toEqual({ action: 'redirect', to: '/dashboard' });
    expect(decide({ path: '/kyc', returnRoute: '/login' })).toEqual({ action: 'redirect', to: '/dashboard' });
  });

  it('allows approved users everywhere else', () => {
    expect(decide({ path: '/dashboard' })).toEqual({ action: 'allow' });
    expect(decide({ path: '/me/profile/' })).toEqual({ action: 'allow' });
  });

  it('asks for the KYC status only when a decision depends on it', () => {
    expect(needsKycStatus('/about', true)).toBe(false);
    expect(needsKycStatus('/login', true)).toBe(true);
    expect(needsKycStatus('/dashboard', true)).toBe(true);
    expect(needsKycStatus('/dashboard', false)).toBe(false);
  });
});
