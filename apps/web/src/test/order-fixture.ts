import type { CashAccount, Order, OrderResult } from '@imali/contract';

const NO_FEES = { brokerage: '0.00', stt: '0.00', txn: '0.00', gst: '0.00', total: '0.00' };

/**
 * A whole receipt as the API sends it (every field of the contract's `order`), for tests that
 * answer an order POST through the contract network: the fields a test cares about go in
 * `fields`, the rest are those of a plain ZAR stock buy that is held.
 */
export function orderOf(fields: Partial<Order> = {}): Order {
  return {
    id: 1,
    reference: 'ORD-0000000001',
    account: 1,
    status: 'holding',
    ttype: 'standard',
    display_type: 'standard',
    name: 'Naspers Ltd',
    symbol: 'NPN',
    market: 'JSE',
    country: 'ZA',
    currency: 'ZAR',
    quote_unit: 'ZAc',
    offering_id: null,
    order_time: '2026-11-18T10:00:00.000Z',
    execution_time: '2026-11-18T10:00:00.000Z',
    settlement_time: null,
    order_action: 'buy',
    quantity: '1',
    requested_quantity: '1',
    buy_price: '598741',
    buy_trade_value: '5987.41',
    sell_trade_value: '0.00',
    order_price: '598741',
    trade_value: '5987.41',
    profit: '0.00',
    roi: '0',
    cost_basis: null,
    cost_basis_method: null,
    holding_period: 0,
    outstanding: '0.00',
    fees: NO_FEES,
    fee_items: [],
    fees_by_side: { buy: { ...NO_FEES, items: [] }, sell: null },
    fee_schedule: 'ZA-2026-03',
    locked_until: null,
    buy_quote_id: null,
    sell_quote_id: null,
    quoted_sell_price: null,
    sell_price: null,
    last_price: null,
    reason: null,
    ...fields,
  };
}

export const resultOf = (message: string, fields: Partial<Order> = {}): OrderResult => ({
  order: orderOf(fields),
  message,
});

/** A cash account as GET /account/app/v1 sends it: nothing held back beyond `held`. */
export function accountOf(
  fields: Pick<CashAccount, 'id' | 'currency' | 'available'> & Partial<CashAccount>,
): CashAccount {
  return {
    balance: fields.available,
    held: '0.00',
    withdrawable: fields.available,
    bonus_not_withdrawable: '0.00',
    transferable: fields.available,
    daily_withdrawal_left: null,
    ...fields,
  };
}
