/**
 * The product seam (decision 0048): what a product adds to the shared order, portfolio and
 * Discover code, as one typed definition per order ttype, all listed in modules/wiring.ts and
 * handed to the app on its context (`ctx.wiring.products`) when it is built. Nothing registers
 * itself by being imported.
 *
 * `Ctx` is the app context (lib/context.ts). It is a parameter because the context carries the
 * definitions: this file importing lib/context.ts would be an import cycle.
 */
import type { Offering, Order } from '@imali/contract';
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

/**
 * One product. Every part is named, `null` saying "the shared behaviour" out loud, so a product
 * that forgets a part does not type-check:
 * - orderView: null → the orders module's receipt (shares at a price, the last price once held);
 * - positionValuer: null → shares at the market price (no portfolio product of its own);
 * - offeringListDetails: null → Discover shows the offering's own fields only.
 */
export interface ProductDefinition<Ctx> {
  orderView: ProductOrderView<Ctx> | null;
  positionValuer: PositionValuer<Ctx> | null;
  offeringListDetails: OfferingListDetails<Ctx> | null;
}

/** Every order ttype's definition: a ttype without one is a type error in wiring.ts. */
export type ProductRegistry<Ctx> = Readonly<Record<OrderTtype, ProductDefinition<Ctx>>>;

/** A product that is shares bought and sold at a price: the shared behaviour throughout. */
export const SHARES_PRODUCT = {
  orderView: null,
  positionValuer: null,
  offeringListDetails: null,
} as const satisfies ProductDefinition<unknown>;
