import { DEFAULT_MENU, type MenuEntry } from '@imali/contract';
import type { ClientProfile } from '@imali/contract';

/**
 * The routes a client may open (spec section 2). Every entry of the default menu is for every
 * client today; feature flags (allow_loan, ...) gate panels inside screens, not routes.
 */
export function menuFor(_profile: Pick<ClientProfile, 'kycStatus'>): MenuEntry[] {
  return DEFAULT_MENU;
}
