import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions } from './profile-query';

/**
 * The signed-in client's profile (GET /auth/app/v1/client_info): one query, one cache key, read by
 * the route guard, the shell and every feature (a feature cannot import another feature, so it
 * lives here). Invalidate `profileQueryKey` after anything that changes the profile.
 */
export { fetchProfile, profileQueryKey, profileQueryOptions } from './profile-query';

export function useProfile() {
  return useQuery(profileQueryOptions);
}
