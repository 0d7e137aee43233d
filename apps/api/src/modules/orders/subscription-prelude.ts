/**
 * What every pre-funded subscription (ipo, fund, quant) does before and around its order row
 * (decision 0048): find the client's account in the product's currency, spend a PIN of its own
 * when the amount is above the configured threshold, insert the order and hold the whole amount
 * ('subscription'). KYC and the session's fresh PIN are the routes' (`config: { kyc, pin }`), the
 * idempotency key the product's `withIdempotency` around it all. Each product keeps its own checks
 * (window, minimum, per-client maximum) and its own messages; the order of the steps here is the
 * one all three had.
 */
import type { Currency } from '@imali/money';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import type { DomainError } from '../../plugins/errors';
import { insufficientFunds, ownAccount, ownAccountByCurrency, placeHold } from '../ledger/ledger.service';
import { orderNeedsOwnPin } from '../ledger/limits';
import { newReference } from '../ledger/reference';
import { spendFreshPin } from '../session/session.service';
import * as repo from './orders.repository';

/**
 * The account a subscription in `currency` is paid from: the one given (the client's own, in that
 * currency) or else the client's account in that currency; `wrongCurrency` is the product's refusal.
 */
export async function subscriptionAccountId(
  ctx: AppContext,
  clientId: number,
  currency: Currency,
  accountId: number | undefined,
  wrongCurrency: () => DomainError,
): Promise<number> {
  if (accountId === undefined) {
    const account = await ownAccountByCurrency(ctx, clientId, currency);
    if (!account) throw wrongCurrency();
    return account.id;
  }
  const account = await ownAccount(ctx, clientId, accountId);
  if (account.currency !== currency) throw wrongCurrency();
  return account.id;
}

export interface HeldSubscriptionInput {
  clientId: number;
  /** Locked by the caller (ledger's lockAccounts) before this is called. */
  accountId: number;
  currency: Currency;
  /** What is held: the whole amount the subscription can cost. */
  heldMinor: bigint;
  pinSessionId?: string;
  /**
   * The locked account's figures, when the product refuses a shortfall before inserting anything
   * (the IPO); without them the hold itself refuses it (INSUFFICIENT_FUNDS, all rolled back).
   */
  available?: { balanceMinor: bigint; heldMinor: bigint };
  /** The order's own columns (ttype, status, offering, instrument, prices, fees). */
  order: Omit<
    repo.OrderInsert,
    'reference' | 'clientId' | 'accountId' | 'currency' | 'heldMinor' | 'orderTime' | 'updatedAt'
  >;
  now: Date;
}

/**
 * A PIN of its own above the threshold, then the order inserted and its 'subscription' hold
 * placed, in the caller's transaction (any refusal rolls back all).
 */
export async function holdSubscription(
  tx: Db,
  txCtx: AppContext,
  input: HeldSubscriptionInput,
): Promise<repo.OrderRow> {
  const { accountId, currency, heldMinor, now } = input;
  if (input.pinSessionId !== undefined && orderNeedsOwnPin(txCtx.config, currency, heldMinor)) {
    await spendFreshPin(txCtx, input.pinSessionId);
  }
  if (input.available && input.available.balanceMinor - input.available.heldMinor < heldMinor) {
    throw insufficientFunds();
  }
  const order = await repo.insertOrder(tx, {
    ...input.order,
    reference: newReference('ORD'),
    clientId: input.clientId,
    accountId,
    currency,
    heldMinor,
    orderTime: now,
    updatedAt: now,
  });
  await placeHold(tx, {
    accountId,
    amountMinor: heldMinor,
    purpose: 'subscription',
    referenceType: 'order',
    referenceId: order.id,
    at: now,
  });
  return order;
}
