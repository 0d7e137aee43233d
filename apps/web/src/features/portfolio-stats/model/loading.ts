/** Spec section 4: the profile, portfolio and assets figures each have a loading flag, initially true. */
export interface LoadingFlags {
  profile: boolean;
  portfolio: boolean;
  assets: boolean;
}

export const INITIAL_LOADING: LoadingFlags = { profile: true, portfolio: true, assets: true };

/** Spec section 8: what a failed fetch toasts (profile and portfolio share one message). */
export const FETCH_PORTFOLIO_FAILED = 'Fetch Portfolio failed.';
export const FETCH_ASSETS_FAILED = 'Fetch Assets Data failed.';
