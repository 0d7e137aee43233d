import { useEffect } from 'react';
import { toast } from '@/components/ui/toast';
import { useProfile } from '@/lib/profile';
import { useAssetSummary, usePortfolioSummary, useWeekProfit } from '../api/stats';
import { FETCH_ASSETS_FAILED, FETCH_PORTFOLIO_FAILED, type LoadingFlags } from '../model/loading';

/**
 * What the Dashboard reads: the profile, the client's portfolio total, the assets (total in ZAR)
 * and the week's profit. Each of profile, portfolio and assets has a loading flag that starts true
 * and drops once its request settles (spec section 4). A failure toasts the spec's message once
 * per failed request (section 8); the figures that did load stay on screen.
 */
export function useDashboardStats() {
  const profile = useProfile();
  const portfolio = usePortfolioSummary('');
  const assets = useAssetSummary();
  const week = useWeekProfit('');

  const portfolioFailedAt = Math.max(
    profile.isError ? profile.errorUpdatedAt : 0,
    portfolio.isError ? portfolio.errorUpdatedAt : 0,
  );
  useEffect(() => {
    if (portfolioFailedAt) toast.error(FETCH_PORTFOLIO_FAILED);
  }, [portfolioFailedAt]);

  const assetsFailedAt = assets.isError ? assets.errorUpdatedAt : 0;
  useEffect(() => {
    if (assetsFailedAt) toast.error(FETCH_ASSETS_FAILED);
  }, [assetsFailedAt]);

  const loading: LoadingFlags = {
    profile: profile.isPending,
    portfolio: portfolio.isPending,
    assets: assets.isPending,
  };
  return { profile, portfolio, assets, week, loading };
}

export type DashboardStats = ReturnType<typeof useDashboardStats>;
