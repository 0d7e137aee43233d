import { sessionFlags } from './auth-storage';

const RETURN_ROUTE_KEY = 'imali.return-route';

/** Where to send the user once sign-in and KYC allow it (spec section 2, route guard). */
export const returnRoute = {
  get: (): string | null => sessionFlags.get(RETURN_ROUTE_KEY),
  set: (path: string | null): void => sessionFlags.set(RETURN_ROUTE_KEY, path),
  /** Reads and forgets it. */
  take(): string | null {
    const path = sessionFlags.get(RETURN_ROUTE_KEY);
    sessionFlags.set(RETURN_ROUTE_KEY, null);
    return path;
  },
};
