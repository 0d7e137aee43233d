/**
 * The product seam (decision 0048): what a product adds to the shared order, portfolio and
 * Discover code, as one typed definition per order ttype, all listed in modules/wiring.ts and
 * handed to the app on its context (`ctx.wiring.products`) when it is built. Nothing registers
 * itself by being imported.
 *
 * `Ctx` is the app context (lib/context.ts). It is a parameter because the context carries the
 * definitions: this file importing lib/context.ts would be an import cycle.
 */
import type { Offering, Order, StaffPermission } from '@imali/contract';
import type { Currency } from '@imali/money';
import type { instruments } from '../../db/schema/index';
import type { OrderRow, OrderTtype } from './orders.repository';

export type { OrderTtype };

/** An order as the orders module found it: with its instrument and its offering's name. */
export interface FoundOrder {
  order: OrderRow;
  instrument: typeof instruments.$inferSelect;
  offeringName?: string | null;
}

/** The product's receipts of a batch of its own orders (lists and one receipt), in row order. */
export type ProductOrderView<Ctx> = (ctx: Ctx, rows: FoundOrder[], now: Date) => Promise<Order[]>;

/**
 * What a position of the product is worth at a market instant, in minor units of its currency
 * (the fund: units × the last struck NAV; the structured product: its payoff formula).
 */
export type PositionValuer<Ctx> = (
  ctx: Ctx,
  position: { offeringId: number; quantity: string; costMinor: bigint; currency: Currency },
  marketAt: Date,
) => Promise<bigint>;

/** What the product adds to its Discover entries, by offering id (the IPO: its offer price basis). */
export type OfferingListDetails<Ctx> = (
  ctx: Ctx,
  offeringIds: number[],
) => Promise<Map<number, Partial<Offering>>>;

/** An operator action's words after its path, and its `--flags`. */
export interface OperatorArgs {
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
}

/**
 * One thing an operator does to a product (create it, price it, allot, strike a NAV, mature…).
 * Run by the ops CLI and `POST /ops/v1/run` (cli/run.ts) as a signed-in staff user, which list
 * every product's actions from the wiring; `run` returns the text to show and throws DomainError
 * for bad input.
 */
export interface OperatorAction<Ctx> {
  /** The words that select it, e.g. ['ipo', 'allot']. */
  path: string[];
  usage: string;
  summary: string;
  /**
   * What the staff user must hold to run it (packages/contract/src/staff.ts): checked by `runOps`
   * before `run`, and `help` lists only the actions the caller holds (decision 0062).
   */
  permission: StaffPermission;
  /**
   * `actor` is the authenticated staff user's audit actor, `staff:<id>` (never caller-chosen);
   * `staff` that user (runOps always passes it): a money-out action asks for approval as them.
   */
  run(ctx: Ctx, args: OperatorArgs, actor: string, staff?: OperatorStaff): Promise<string>;
}

/** The signed-in staff user running an operator action (the staff module's principal has these). */
export interface OperatorStaff {
  id: number;
  permissions: readonly StaffPermission[];
}

/**
 * One product. Every part is named, `null` saying "the shared behaviour" out loud, so a product
 * that forgets a part does not type-check:
 * - orderView: null → the orders module's receipt (shares at a price, the last price once held);
 * - positionValuer: null → shares at the market price (no portfolio product of its own);
 * - offeringListDetails: null → Discover shows the offering's own fields only;
 * - operatorActions: what operators may do to it ([]: nothing of its own, e.g. exchange shares).
 */
export interface ProductDefinition<Ctx> {
  orderView: ProductOrderView<Ctx> | null;
  positionValuer: PositionValuer<Ctx> | null;
  offeringListDetails: OfferingListDetails<Ctx> | null;
  operatorActions: readonly OperatorAction<Ctx>[];
}

/**
 * The parts a product's service provides. Its operator actions are its ops commands
 * (`cli/commands/<product>.ts`, which call that service), joined to these in wiring.ts: the
 * service cannot import its commands back (an import cycle).
 */
export type ProductServiceParts<Ctx> = Omit<ProductDefinition<Ctx>, 'operatorActions'>;

/** Every order ttype's definition: a ttype without one is a type error in wiring.ts. */
export type ProductRegistry<Ctx> = Readonly<Record<OrderTtype, ProductDefinition<Ctx>>>;

/** A product that is shares bought and sold at a price: the shared behaviour throughout. */
export const SHARES_PRODUCT = {
  orderView: null,
  positionValuer: null,
  offeringListDetails: null,
} as const satisfies ProductServiceParts<unknown>;
