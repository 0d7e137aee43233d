/**
 * The valuation of funds (out of funds.service.ts, issue 21 point 4): the `funds.value` job's and
 * the `fund value` command's work. At each valuation point it strikes the NAVs, turns the pending
 * subscriptions priced then into units (captured through the ledger, the rounding remainder
 * released) and pays the redemptions priced then (units × NAV less the platform fee for the days
 * held). Also the fund position valuer portfolio uses (units × the last struck NAV).
 * funds.service re-exports `valueFunds` and hands the valuer to wiring.ts in `fundProduct`.
 */
import { createHash } from 'node:crypto';
import { FundMessages } from '@imali/contract';
import { type Currency } from '@imali/money';
import type { Db } from '../../db/client';
import type { StoredFees } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import {
  captureHold,
  conflict,
  houseAccountId,
  inTransaction,
  lockAccounts,
  postEntry,
  releaseHold,
  type PostingLine,
} from '../ledger/ledger.service';
import { insertPositionMovement, updateOrder } from '../orders/orders.service';
import type { PositionValuer } from '../orders/product';
import { bad, cents2, FUND_FEE_SCHEDULE, plain, rand } from './fund-figures';
import * as repo from './funds.repository';
import {
  dayToIso,
  isBusinessDay,
  isoToDay,
  lastValuationDay,
  minuteText,
  navOn,
  pricedOn,
  sastInstant,
} from './nav';
import { latestNavAt, navFundOf, simOf, strikeUntil } from './struck-navs';
import { redeem, subscribe, unitsValueMinor } from './units';

/** The NAV of a business day as struck (striking it if needed): the stored one is the NAV. */
async function struckNav(ctx: AppContext, db: Db, fund: repo.FundRow, day: number) {
  await strikeUntil(ctx, db, fund, day);
  const row = await repo.navOnDay(db, fund.offering.id, dayToIso(day));
  return row ? cents2(row.nav) : navOn(simOf(ctx), navFundOf(fund), day);
}

export interface ValuationResult {
  funds: {
    code: string;
    day: string;
    navs: { date: string; nav: string }[];
    subscriptions: { orderId: number; units: string; nav: string; tradeValue: string; refund: string }[];
    rejected: number[];
    redemptions: { orderId: number; units: string; nav: string; gross: string; platformFee: string }[];
  }[];
}

/**
 * Values every fund up to the last valuation time passed (market clock), or only the business day
 * `date` (which must be due): strikes the NAVs, values the pending subscriptions priced then and
 * pays the redemptions priced then. One transaction; safe with two processes (the job's advisory
 * lock, and each order row locked FOR UPDATE and re-read: one valued by another process meanwhile
 * is no longer pending). A rerun finds nothing to do.
 */
export async function valueFunds(
  ctx: AppContext,
  options: {
    date?: string;
    actor: string;
    /** Only this fund (an approved NAV strike). */
    offeringId?: number;
    /** The preview's hash (valuationHash) the run must match, or nothing is done. */
    expectedHash?: string;
    approvedBy?: string[];
  },
): Promise<ValuationResult> {
  const at = ctx.clock.now();
  return inTransaction(ctx, async (tx, txCtx) => {
    const result: ValuationResult = { funds: [] };
    const funds = await repo.listFunds(tx);
    for (const fund of funds) {
      if (fund.offering.dtype !== 'fund') continue;
      if (options.offeringId !== undefined && fund.offering.id !== options.offeringId) continue;
      const days = valuationDays(fund, at, options.date);
      if (!days) continue;
      const { due, target } = days;
      await strikeUntil(ctx, tx, fund, due);
      const exact = options.date !== undefined;
      const navs = new Map<string, string>();
      const navFor = async (iso: string) => {
        let nav = navs.get(iso);
        if (nav === undefined) navs.set(iso, (nav = await struckNav(ctx, tx, fund, isoToDay(iso))));
        return nav;
      };
      const entry: ValuationResult['funds'][number] = {
        code: fund.terms.code,
        day: dayToIso(target),
        navs: [],
        subscriptions: [],
        rejected: [],
        redemptions: [],
      };
      for (const row of await repo.lockDueSubscriptions(tx, fund.offering.id, dayToIso(target), exact)) {
        // A day declared closed after the order was placed prices at the next business day.
        const nav = await navFor(dayToIso(pricedOn(row.fund.valuationDay)));
        const valued = await valueSubscription(txCtx, fund, row, nav, options.actor);
        if (valued) entry.subscriptions.push(valued);
        else entry.rejected.push(row.order.id);
      }
      for (const row of await repo.lockDueRedemptions(tx, fund.offering.id, dayToIso(target), exact)) {
        const nav = await navFor(dayToIso(pricedOn(row.fund.redemptionDay!)));
        entry.redemptions.push(await payRedemption(txCtx, fund, row, nav, options.actor));
      }
      entry.navs = [...navs].map(([date, nav]) => ({ date, nav }));
      if (
        options.expectedHash !== undefined &&
        valuationHash(fund.offering.id, entry) !== options.expectedHash
      ) {
        throw conflict(
          `Fund ${fund.terms.code}: the valuation is no longer the one previewed (orders or NAVs changed); preview it again.`,
        );
      }
      if (entry.subscriptions.length + entry.rejected.length + entry.redemptions.length > 0) {
        await audit.record(txCtx, {
          actor: options.actor,
          action: 'fund.value',
          subjectType: 'offering',
          subjectId: String(fund.offering.id),
          before: null,
          after: {
            day: entry.day,
            navs: entry.navs,
            subscriptions: entry.subscriptions.length,
            rejected: entry.rejected.length,
            redemptions: entry.redemptions.length,
            ...(options.approvedBy
              ? { approved_by: options.approvedBy, valuation_hash: valuationHash(fund.offering.id, entry) }
              : {}),
          },
        });
      }
      result.funds.push(entry);
    }
    if (options.offeringId !== undefined && result.funds.length === 0) {
      throw conflict(`Fund ${options.offeringId} has nothing to value.`);
    }
    return result;
  });
}

/**
 * The business day a run values (`target`; `date` when given, which must be due) and the last one
 * due (`due`, whose NAVs are struck); undefined when the fund has not launched by then.
 */
function valuationDays(fund: repo.FundRow, at: Date, date: string | undefined) {
  const due = lastValuationDay(at, fund.terms.valuationMinute);
  let target = due;
  if (date !== undefined) {
    const day = isoToDay(date);
    if (!isBusinessDay(day)) throw bad(FundMessages.notBusinessDay(date));
    if (day > due) throw conflict(FundMessages.notYetDue(date, minuteText(fund.terms.valuationMinute)));
    target = day;
  }
  if (target < isoToDay(fund.terms.launchDay)) return undefined;
  return { due, target };
}

type FundEntry = ValuationResult['funds'][number];

/** SHA-256 (hex) of what a valuation of one fund does: the figures a checker approves. */
export function valuationHash(offeringId: number, entry: FundEntry): string {
  return createHash('sha256')
    .update(
      JSON.stringify({
        offeringId,
        day: entry.day,
        navs: entry.navs.map((n) => [n.date, n.nav]),
        subscriptions: entry.subscriptions.map((x) => [x.orderId, x.units, x.nav, x.tradeValue, x.refund]),
        rejected: entry.rejected,
        redemptions: entry.redemptions.map((x) => [x.orderId, x.units, x.nav, x.gross, x.platformFee]),
      }),
    )
    .digest('hex');
}

/**
 * What valuing one fund now (or the business day `date`) would do, written nowhere (issue 23): the
 * NAVs (as struck, or as they will be struck: the same pure navOn), the subscriptions it would
 * turn into units and the redemptions it would pay, by the same unit maths (units.ts) as
 * `valueFunds`, and their hash, which an approved run must match.
 */
export async function previewFundValuation(
  ctx: AppContext,
  offeringId: number,
  options: { date?: string } = {},
): Promise<FundEntry & { offeringId: number; hash: string }> {
  const fund = (await repo.listFunds(ctx.db)).find(
    (f) => f.offering.id === offeringId && f.offering.dtype === 'fund',
  );
  if (!fund) throw notFound('Fund not found.');
  const days = valuationDays(fund, ctx.clock.now(), options.date);
  if (!days)
    throw conflict(`Fund ${fund.terms.code} launches on ${fund.terms.launchDay}; nothing to value yet.`);
  const entry: FundEntry = {
    code: fund.terms.code,
    day: dayToIso(days.target),
    navs: [],
    subscriptions: [],
    rejected: [],
    redemptions: [],
  };
  {
    const exact = options.date !== undefined;
    const navs = new Map<string, string>();
    const navFor = async (iso: string) => {
      let nav = navs.get(iso);
      if (nav === undefined) {
        const row = await repo.navOnDay(ctx.db, offeringId, iso);
        navs.set(iso, (nav = row ? cents2(row.nav) : navOn(simOf(ctx), navFundOf(fund), isoToDay(iso))));
      }
      return nav;
    };
    const day = dayToIso(days.target);
    for (const { order, fund: fo } of await repo.dueSubscriptions(ctx.db, offeringId, day, exact)) {
      const nav = await navFor(dayToIso(pricedOn(fo.valuationDay)));
      const s = subscribe(fo.amountMinor, nav);
      if (s.tradeValueMinor === 0n) entry.rejected.push(order.id);
      else
        entry.subscriptions.push({
          orderId: order.id,
          units: s.units,
          nav,
          tradeValue: rand(s.tradeValueMinor),
          refund: rand(s.refundMinor),
        });
    }
    for (const { order, fund: fo } of await repo.dueRedemptions(ctx.db, offeringId, day, exact)) {
      const nav = await navFor(dayToIso(pricedOn(fo.redemptionDay!)));
      const held = pricedOn(fo.redemptionDay!) - pricedOn(fo.valuationDay);
      const units = plain(order.quantity);
      const r = redeem(units, nav, fund.terms.platformFeePercent, held);
      entry.redemptions.push({
        orderId: order.id,
        units,
        nav,
        gross: rand(r.grossMinor),
        platformFee: rand(r.platformFeeMinor),
      });
    }
    entry.navs = [...navs].map(([date, nav]) => ({ date, nav }));
  }
  return { ...entry, offeringId, hash: valuationHash(offeringId, entry) };
}

type LockedFundOrder = { order: repo.OrderRow; fund: repo.FundOrderRow };

async function valueSubscription(
  ctx: AppContext,
  fund: repo.FundRow,
  { order, fund: fo }: LockedFundOrder,
  nav: string,
  actor: string,
) {
  const tx = ctx.db;
  const at = sastInstant(pricedOn(fo.valuationDay), fund.terms.valuationMinute);
  const now = ctx.clock.now();
  const s = subscribe(fo.amountMinor, nav);
  if (s.tradeValueMinor === 0n) {
    // Less than 0.0001 of a unit: nothing can be bought; the whole amount goes back.
    await releaseHold(tx, { referenceType: 'order', referenceId: order.id }, now);
    await updateOrder(
      tx,
      order.id,
      { status: 'rejected', heldMinor: 0n, reason: 'Amount below one ten-thousandth of a unit' },
      now,
    );
    return undefined;
  }
  const currency = order.currency as Currency;
  const { entry } = await captureHold(
    tx,
    { referenceType: 'order', referenceId: order.id },
    {
      at: now,
      amountMinor: s.tradeValueMinor,
      entry: {
        kind: 'trade',
        description: `Subscribe ${s.units} units ${fund.terms.code} @ NAV ${nav} c (${order.reference})`,
        reference: order.reference,
        clientId: order.clientId,
        createdBy: actor,
      },
      counterparts: [
        {
          accountId: await houseAccountId(ctx, 'securities_clearing', currency),
          currency,
          amountMinor: s.tradeValueMinor,
          kind: 'house',
        },
      ],
    },
  );
  await insertPositionMovement(tx, {
    orderId: order.id,
    clientId: order.clientId,
    instrumentId: order.instrumentId,
    quantityDelta: s.units,
    entryId: entry.id,
    createdAt: now,
  });
  await updateOrder(
    tx,
    order.id,
    {
      status: 'holding',
      requestedQuantity: s.units,
      quantity: s.units,
      buyPrice: nav,
      buyConsiderationMinor: s.tradeValueMinor,
      buyFeesMinor: 0n,
      heldMinor: 0n,
      executionTime: at,
      settlementTime: at,
      buyEntryId: entry.id,
    },
    now,
  );
  await repo.updateFundOrder(tx, order.id, {
    units: s.units,
    nav,
    refundMinor: s.refundMinor,
    valuedAt: now,
  });
  await audit.record(ctx, {
    actor,
    action: 'fund.subscription_valued',
    subjectType: 'order',
    subjectId: String(order.id),
    before: { status: order.status, amount: rand(fo.amountMinor) },
    after: {
      status: 'holding',
      valuation_day: dayToIso(pricedOn(fo.valuationDay)),
      nav,
      units: s.units,
      trade_value: rand(s.tradeValueMinor),
      refund: rand(s.refundMinor),
    },
  });
  return {
    orderId: order.id,
    units: s.units,
    nav,
    tradeValue: rand(s.tradeValueMinor),
    refund: rand(s.refundMinor),
  };
}

async function payRedemption(
  ctx: AppContext,
  fund: repo.FundRow,
  { order, fund: fo }: LockedFundOrder,
  nav: string,
  actor: string,
) {
  const tx = ctx.db;
  const now = ctx.clock.now();
  const day = pricedOn(fo.redemptionDay!);
  const at = sastInstant(day, fund.terms.valuationMinute);
  const units = plain(order.quantity);
  const days = day - pricedOn(fo.valuationDay);
  const r = redeem(units, nav, fund.terms.platformFeePercent, days);
  const currency = order.currency as Currency;
  await lockAccounts(tx, [order.accountId]);
  const lines: PostingLine[] = [];
  if (r.netMinor !== 0n) {
    lines.push({ accountId: order.accountId, currency, amountMinor: r.netMinor, kind: 'client' });
  }
  if (r.grossMinor !== 0n) {
    lines.push({
      accountId: await houseAccountId(ctx, 'securities_clearing', currency),
      currency,
      amountMinor: -r.grossMinor,
      kind: 'house',
    });
  }
  if (r.platformFeeMinor !== 0n) {
    lines.push({
      accountId: await houseAccountId(ctx, 'fee_brokerage', currency),
      currency,
      amountMinor: r.platformFeeMinor,
      kind: 'house',
    });
  }
  const entry = await postEntry(
    tx,
    now,
    {
      kind: 'trade',
      description: `Redeem ${units} units ${fund.terms.code} @ NAV ${nav} c (${order.reference})`,
      reference: order.reference,
      clientId: order.clientId,
      createdBy: actor,
    },
    lines,
  );
  await insertPositionMovement(tx, {
    orderId: order.id,
    clientId: order.clientId,
    instrumentId: order.instrumentId,
    quantityDelta: `-${units}`,
    entryId: entry.id,
    createdAt: now,
  });
  const sellFees: StoredFees = {
    schedule: FUND_FEE_SCHEDULE,
    items:
      r.platformFeeMinor === 0n
        ? []
        : [
            {
              code: 'platform_fee',
              label: `Platform fee ${plain(fund.terms.platformFeePercent)}% a year × ${days} days`,
              bucket: 'brokerage',
              amountMinor: r.platformFeeMinor.toString(),
            },
          ],
  };
  await updateOrder(
    tx,
    order.id,
    {
      status: 'sold',
      sellPrice: nav,
      sellConsiderationMinor: r.grossMinor,
      sellFeesMinor: r.platformFeeMinor,
      sellFees,
      soldAt: at,
      settlementTime: at,
      sellEntryId: entry.id,
    },
    now,
  );
  await repo.updateFundOrder(tx, order.id, { redemptionNav: nav, redeemedAt: now });
  await audit.record(ctx, {
    actor,
    action: 'fund.redemption_paid',
    subjectType: 'order',
    subjectId: String(order.id),
    before: { status: order.status },
    after: {
      status: 'sold',
      redemption_day: dayToIso(day),
      nav,
      units,
      gross: rand(r.grossMinor),
      platform_fee: rand(r.platformFeeMinor),
      paid: rand(r.netMinor),
    },
  });
  return {
    orderId: order.id,
    units,
    nav,
    gross: rand(r.grossMinor),
    platformFee: rand(r.platformFeeMinor),
  };
}

// Portfolio figures value a fund position at units × the last struck NAV, in whole cents half-up.
export const fundPositionValue: PositionValuer<AppContext> = async (ctx, position, marketAt) => {
  const fund = await repo.findFund(ctx.db, position.offeringId);
  if (!fund) return position.costMinor;
  return unitsValueMinor(plain(position.quantity), latestNavAt(ctx, fund, marketAt).nav);
};
