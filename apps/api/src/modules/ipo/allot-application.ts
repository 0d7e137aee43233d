/**
 * The allotment of one IPO application (issue 21 point 3: out of ipo.service.ts's `allotIpo`, which
 * locks the book, draws the allotment and calls this once per application, in the book's order,
 * in its transaction). Nothing allotted: the hold released, the order rejected with its reason.
 * Allotted: the allotted shares at the final price + fees captured from the hold (a 'trade'
 * entry), the shares' position movement, the order `listing` (sold only once the instrument
 * lists); the rest of the hold released with the capture.
 */
import { IpoMessages } from '@imali/contract';
import { formatMinor, type Currency } from '@imali/money';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import type { scheduleForCountry } from '../fees/fees.service';
import { captureHold, releaseHold } from '../ledger/ledger.service';
import { quoteUnitOf, type InstrumentRow } from '../market/market.service';
import {
  houseLines,
  insertPositionMovement,
  priceTrade,
  toStoredFees,
  updateOrder,
  type OrderRow,
} from '../orders/orders.service';
import { lotteryRank, type AllotmentRule } from './allotment';
import * as repo from './ipo.repository';

/** One application's outcome, as `allotIpo` reports it (and audits it). */
export interface AllotmentLine {
  orderId: number;
  reference: string;
  lots: number;
  allotted: number;
  status: 'listing' | 'rejected';
  reason: string | null;
  debited: string;
  released: string;
  rank: string | null;
}

export interface AllotApplicationInput {
  order: OrderRow;
  application: repo.IpoApplicationRow;
  /** Lots the draw gave it (0: none). */
  allotted: number;
  /** Not reconfirmed at a final price that asked for it: refused as lapsed, not as unlucky. */
  lapsed: boolean;
  instrument: InstrumentRow;
  terms: repo.IpoTermsRow;
  /** The final price, plain decimal text in the quote unit. */
  final: string;
  schedule: ReturnType<typeof scheduleForCountry>;
  rule: AllotmentRule;
  seed: string;
  actor: string;
  now: Date;
}

const holdOf = (orderId: number) => ({ referenceType: 'order', referenceId: orderId });

/** Allots one application; returns its line and the shares it was allotted. */
export async function allotApplication(
  tx: Db,
  txCtx: AppContext,
  input: AllotApplicationInput,
): Promise<{ line: AllotmentLine; shares: bigint }> {
  const { order, application, allotted, instrument, terms, final, schedule, now } = input;
  const currency = order.currency as Currency;
  let row: OrderRow;
  let debited = 0n;
  let shares = 0n;
  if (allotted === 0) {
    const reason = input.lapsed
      ? IpoMessages.lapsed(`${final} ${quoteUnitOf(instrument)}`)
      : IpoMessages.notAllotted;
    await releaseHold(tx, holdOf(order.id), now);
    row = await updateOrder(tx, order.id, { status: 'rejected', quantity: '0', heldMinor: 0n, reason }, now);
  } else {
    const quantity = String(allotted * terms.lotSize);
    const priced = priceTrade(instrument, schedule, 'buy', quantity, final);
    // The hold was sized on the upper (or reconfirmed final) price for at least these shares.
    if (priced.cashMinor > order.heldMinor) {
      throw new Error(`order ${order.id}: allotment costs ${priced.cashMinor}, held ${order.heldMinor}`);
    }
    const { entry } = await captureHold(tx, holdOf(order.id), {
      at: now,
      amountMinor: priced.cashMinor,
      entry: {
        kind: 'trade',
        description: `IPO allotment ${quantity} ${instrument.symbol} @ ${final} ${quoteUnitOf(instrument)} (${order.reference})`,
        reference: order.reference,
        clientId: order.clientId,
        createdBy: input.actor,
      },
      counterparts: await houseLines(txCtx, currency, 'buy', priced.considerationMinor, priced.fees),
    });
    // The client owns the allotted shares from now (the position, in this transaction with
    // its cash); they can be sold only once the instrument lists (status listing → holding).
    await insertPositionMovement(tx, {
      orderId: order.id,
      clientId: order.clientId,
      instrumentId: order.instrumentId,
      quantityDelta: quantity,
      entryId: entry.id,
      createdAt: now,
    });
    row = await updateOrder(
      tx,
      order.id,
      {
        status: 'listing',
        quantity,
        buyPrice: final,
        buyConsiderationMinor: priced.considerationMinor,
        buyFeesMinor: priced.fees.totalMinor,
        buyFees: toStoredFees(priced.fees),
        heldMinor: 0n,
        executionTime: now,
        settlementTime: now,
        buyEntryId: entry.id,
        reason: allotted < application.lots ? `Allotted ${allotted} of ${application.lots} lots.` : null,
      },
      now,
    );
    debited = priced.cashMinor;
    shares = BigInt(quantity);
  }
  await repo.updateApplication(tx, order.id, { allottedLots: allotted });
  return {
    line: {
      orderId: order.id,
      reference: order.reference,
      lots: application.lots,
      allotted,
      status: row.status as 'listing' | 'rejected',
      reason: row.reason,
      debited: formatMinor(debited, currency),
      released: formatMinor(order.heldMinor - debited, currency),
      rank: input.rule === 'lottery' ? lotteryRank(input.seed, order.id) : null,
    },
    shares,
  };
}
