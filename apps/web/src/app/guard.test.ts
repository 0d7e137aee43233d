// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isKnownRoute, returnRoute } from '@/lib/return-route';
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
    expect(decide({ path: '/kyc', returnRoute: '/login' })).toEqual({
      action: 'redirect',
      to: '/dashboard',
      consumedReturn: true,
    });
  });

  it('remembers only a route the app knows: a static route or a path the menu matches (issue 24)', () => {
    const signedOut = { authenticated: false, kycStatus: null } as const;
    for (const path of [
      '/nope',
      '/no-such-page',
      '/portfolio/nope',
      '/market/ranking/extra',
      '/me/profile/x',
    ]) {
      expect(decide({ path, ...signedOut }), path).toEqual({ action: 'redirect', to: '/login' });
      expect(decide({ path, kycStatus: 'pending' }), path).toEqual({ action: 'redirect', to: '/kyc' });
    }
    for (const path of [
      '/dashboard',
      '/market',
      '/market/ranking',
      '/discover',
      '/portfolio',
      '/portfolio/summary',
      '/portfolio/orders',
      '/portfolio/order/12',
      '/me/records',
    ]) {
      expect(decide({ path, ...signedOut }), path).toEqual({
        action: 'redirect',
        to: '/login',
        remember: path,
      });
    }
  });

  it('keeps the query and the anchor of the route it remembers', () => {
    expect(
      decide({
        path: '/portfolio/orders',
        search: '?list=history&dtype=fo',
        hash: '#top',
        authenticated: false,
        kycStatus: null,
      }),
    ).toEqual({ action: 'redirect', to: '/login', remember: '/portfolio/orders?list=history&dtype=fo#top' });
  });

  it('sends an approved user from /kyc to /dashboard when the stored route is unknown', () => {
    expect(decide({ path: '/kyc', returnRoute: '/nope' })).toEqual({
      action: 'redirect',
      to: '/dashboard',
      consumedReturn: true,
    });
    expect(decide({ path: '/kyc', returnRoute: '/portfolio/order/12?from=history' })).toEqual({
      action: 'redirect',
      to: '/portfolio/order/12?from=history',
      consumedReturn: true,
    });
  });

  it('allows approved users everywhere else', () => {
    expect(decide({ path: '/dashboard' })).toEqual({ action: 'allow' });
    expect(decide({ path: '/me/profile/' })).toEqual({ action: 'allow' });
  });

  it('knows the static routes and every path of the menu, with its params', () => {
    for (const path of ['/login', '/kyc', '/about', '/privacy', '/cookie', '/dashboard', '/dashboard/']) {
      expect(isKnownRoute(path), path).toBe(true);
    }
    expect(isKnownRoute('/portfolio/order/12')).toBe(true);
    expect(isKnownRoute('/portfolio/order/12?x=1#y')).toBe(true);
    expect(isKnownRoute('/portfolio/order')).toBe(false);
    expect(isKnownRoute('/portfolio/order/12/13')).toBe(false);
    expect(isKnownRoute('/nope')).toBe(false);
    expect(isKnownRoute('//evil.example/dashboard')).toBe(false);
    expect(isKnownRoute('https://evil.example/dashboard')).toBe(false);
    expect(isKnownRoute('dashboard')).toBe(false);
  });

  it('asks for the KYC status only when a decision depends on it', () => {
    expect(needsKycStatus('/about', true)).toBe(false);
    expect(needsKycStatus('/login', true)).toBe(true);
    expect(needsKycStatus('/dashboard', true)).toBe(true);
    expect(needsKycStatus('/dashboard', false)).toBe(false);
  });
});

describe('the stored return route', () => {
  afterEach(() => window.sessionStorage.clear());

  it('is handed back only when the app knows it (a value stored before, or by hand, may not be)', () => {
    returnRoute.set('/market/ranking');
    expect(returnRoute.take()).toBe('/market/ranking');
    expect(returnRoute.take()).toBeNull();
    window.sessionStorage.setItem('imali.return-route', '/nope');
    expect(returnRoute.take()).toBeNull();
    window.sessionStorage.setItem('imali.return-route', '//evil.example/');
    expect(returnRoute.take()).toBeNull();
  });
});
