import type { ApprovalRegistry } from './approvals/approval-action';
import type { ProfileParts } from './client/profile-parts';
import type { ProductRegistry } from './orders/product';

/**
 * What modules/wiring.ts hands to the app when it is built (decision 0048): the product
 * definitions and the profile's parts. A type of its own so lib/context.ts can name it without
 * importing the services wiring.ts lists (an import cycle).
 */
export interface AppWiring<Ctx> {
  products: ProductRegistry<Ctx>;
  profile: ProfileParts<Ctx>;
  /** The actions that go through four-eyes approvals, by name (decision 0058). */
  approvals: ApprovalRegistry<Ctx>;
}
