import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/**
 * The ledger check's SQL (ledger-check.service.ts): each query finds the rows that break one
 * invariant, across every module's tables, and changes nothing. Apart from ledger.repository.ts,
 * which holds the SQL that moves money, because none of this is on a request's path.
 */

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

export async function unbalancedEntries(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select entry_id::text as entry_id, currency, sum(amount_minor)::text as total
      from postings group by entry_id, currency having sum(amount_minor) <> 0 limit 20`),
  );
}

/** Entries with fewer than two postings, or not the number they declare. */
export async function entriesOffTheirPostingCount(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select e.id::text as entry_id, e.posting_count::text as declared, count(p.id)::text as postings
      from journal_entries e left join postings p on p.entry_id = e.id
      group by e.id having count(p.id) < 2 or count(p.id) <> e.posting_count
      limit 20`),
  );
}

/** Transfers whose entry lacks the client's debit or credit they record. */
export async function transfersOffTheirEntries(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select t.id::text as id, t.entry_id::text as entry_id
      from transfers t
      left join postings pf on pf.entry_id = t.entry_id and pf.account_id = t.from_account_id
        and pf.currency = t.from_currency and pf.amount_minor = -t.amount_minor
      left join postings pt on pt.entry_id = t.entry_id and pt.account_id = t.to_account_id
        and pt.currency = t.to_currency and pt.amount_minor = t.converted_minor
      where pf.id is null or pt.id is null
      limit 20`),
  );
}

export async function accountsOffTheirPostings(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select a.id::text as id, a.balance_minor::text as stored, coalesce(p.total, 0)::text as posted
      from accounts a
      left join (select account_id, sum(amount_minor) as total from postings group by account_id) p
        on p.account_id = a.id
      where a.kind = 'client' and a.balance_minor <> coalesce(p.total, 0)
      limit 20`),
  );
}

export async function accountsBreakingBalanceRules(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select id::text as id, balance_minor::text as balance, held_minor::text as held
      from accounts
      where kind = 'client' and (balance_minor < 0 or held_minor < 0 or held_minor > balance_minor)
      limit 20`),
  );
}

/** House purpose × currency pairs with no house account (the migrations create every one). */
export async function missingHouseAccounts(
  db: Db,
  purposes: readonly string[],
  currencies: readonly string[],
) {
  return rowsOf(
    await db.execute(sql`
      select p as purpose, c as currency
      from unnest(${sql.raw(`array[${purposes.map((x) => `'${x}'`).join(',')}]`)}::text[]) as p,
           unnest(${sql.raw(`array[${currencies.map((x) => `'${x}'`).join(',')}]`)}::text[]) as c
      where not exists (select 1 from accounts a where a.kind = 'house' and a.purpose = p and a.currency = c)
      limit 20`),
  );
}

/** Client accounts whose held amount is not the sum of their active holds (of every purpose). */
export async function heldOffActiveHolds(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select a.id::text as id, a.held_minor::text as held, coalesce(h.total, 0)::text as holds
      from accounts a
      left join (select account_id, sum(amount_minor) as total from holds where status = 'active' group by account_id) h
        on h.account_id = a.id
      where a.kind = 'client' and a.held_minor <> coalesce(h.total, 0)
      limit 20`),
  );
}

/** Holds on anything but a client account. */
export async function holdsOffClientAccounts(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select h.id::text as id, h.account_id::text as account_id
      from holds h join accounts a on a.id = h.account_id
      where a.kind <> 'client'
      limit 20`),
  );
}

/** Captured holds whose entry does not debit their account by what they say was captured. */
export async function capturedHoldsWithoutPosting(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select h.id::text as id, h.entry_id::text as entry_id, h.captured_minor::text as captured
      from holds h
      left join postings p on p.entry_id = h.entry_id and p.account_id = h.account_id
        and p.amount_minor = -h.captured_minor
      where h.status = 'captured' and p.id is null
      limit 20`),
  );
}

/**
 * The reference types `ledger check` knows how to verify. A module that holds funds for a new kind
 * of thing adds its type here and its query to holdsOffTheirReferences: until then its holds are
 * reported as unverifiable.
 */
export const VERIFIED_HOLD_REFERENCES = ['withdrawal', 'order'] as const;

/** Holds whose reference type ledger check cannot verify. */
export async function holdsWithUnknownReference(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select id::text as id, purpose, reference_type, reference_id::text as reference_id, status
      from holds
      where reference_type <> all (${sql.raw(`array[${VERIFIED_HOLD_REFERENCES.map((x) => `'${x}'`).join(',')}]`)}::text[])
      limit 20`),
  );
}

/**
 * Holds whose reference is missing, belongs to another account or amount, or is in a state that
 * does not justify the hold's state. Withdrawal: active ⇔ pending, captured ⇔ paid (the whole
 * amount, by the withdrawal's entry), released ⇔ rejected. Order (purpose 'order'): active ⇔
 * awaiting with held_minor = the hold; captured ⇔ holding or sold, by the order's buy entry, for
 * exactly its consideration + fees (an allocation smaller than the request releases the rest);
 * released ⇔ rejected.
 */
export async function holdsOffTheirReferences(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select * from (
        select h.id::text as id, h.purpose, h.reference_type, h.reference_id::text as reference_id,
               h.status, w.status as reference_status
        from holds h
        left join withdrawals w on w.id = h.reference_id
        where h.reference_type = 'withdrawal'
          and (w.id is null
            or w.account_id <> h.account_id
            or w.amount_minor <> h.amount_minor
            or (h.status = 'active' and w.status <> 'pending')
            or (h.status = 'captured' and (w.status <> 'paid' or h.entry_id is distinct from w.entry_id
                                           or h.captured_minor <> w.amount_minor))
            or (h.status = 'released' and w.status <> 'rejected'))
        union all
        select h.id::text, h.purpose, h.reference_type, h.reference_id::text, h.status, o.status
        from holds h
        left join orders o on o.id = h.reference_id
        where h.reference_type = 'order'
          and (o.id is null
            or h.purpose not in ('order', 'subscription')
            or o.account_id <> h.account_id
            or (h.status = 'active' and (o.status not in ('awaiting', 'pending') or o.held_minor <> h.amount_minor
                                         or (o.status = 'pending' and h.purpose <> 'subscription')))
            or (h.status = 'captured' and (o.status not in ('holding', 'sold', 'listing')
                                           or h.entry_id is distinct from o.buy_entry_id
                                           or h.captured_minor <> o.buy_consideration_minor + o.buy_fees_minor))
            or (h.status = 'released' and o.status <> 'rejected'))
      ) off
      limit 20`),
  );
}

/**
 * Orders without the one hold their status calls for (awaiting: active; holding and sold:
 * captured; rejected: released), or holding funds outside awaiting, or awaiting with a hold other
 * than the consideration + fees they were priced at. A pending order never outlives its transaction.
 */
export async function ordersOffTheirHolds(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select o.id::text as id, o.status, o.held_minor::text as held, count(h.id)::text as holds
      from orders o
      left join holds h on h.reference_type = 'order' and h.reference_id = o.id
      where o.status in ('pending', 'awaiting', 'holding', 'sold', 'rejected', 'listing')
      group by o.id, o.status, o.held_minor, o.buy_consideration_minor, o.buy_fees_minor
      having count(h.id) <> 1
        or count(h.id) filter (where h.status = case o.status when 'awaiting' then 'active'
                                                           when 'pending' then 'active'
                                                           when 'listing' then 'captured'
                                                           when 'holding' then 'captured'
                                                           when 'sold' then 'captured'
                                                           when 'rejected' then 'released'
                                                           else '-' end) <> 1
        or (o.status not in ('awaiting', 'pending') and o.held_minor <> 0)
        or (o.status = 'awaiting' and o.held_minor <> o.buy_consideration_minor + o.buy_fees_minor)
      limit 20`),
  );
}

/**
 * Subscriptions (issue 13: IPO applications, fund and structured-product subscriptions), both
 * ways: every active 'subscription' hold references an order that is pending or awaiting and
 * holds exactly that amount (held_minor); every pending or awaiting order that is not a plain
 * 'order' hold's has exactly one active 'subscription' hold. Whatever the product, a subscription
 * is fully backed by funds held while it waits.
 */
export async function subscriptionsOffTheirHolds(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select * from (
        select 'hold' as side, h.id::text as id, h.reference_type, h.reference_id::text as reference_id,
               o.status as order_status, o.held_minor::text as order_held, h.amount_minor::text as held
        from holds h
        left join orders o on h.reference_type = 'order' and o.id = h.reference_id
        where h.purpose = 'subscription' and h.status = 'active'
          and (o.id is null or o.status not in ('pending', 'awaiting') or o.held_minor <> h.amount_minor)
        union all
        select 'order', o.id::text, 'order', o.id::text, o.status, o.held_minor::text,
               coalesce(sum(h.amount_minor), 0)::text
        from orders o
        left join holds h on h.reference_type = 'order' and h.reference_id = o.id
                         and h.purpose = 'subscription' and h.status = 'active'
        where o.status in ('pending', 'awaiting')
          and not exists (select 1 from holds x where x.reference_type = 'order' and x.reference_id = o.id
                                                  and x.purpose = 'order')
        group by o.id, o.status, o.held_minor
        having count(h.id) <> 1 or coalesce(sum(h.amount_minor), 0) <> o.held_minor
      ) off
      limit 20`),
  );
}

/**
 * Orders whose shares held (Σ of their position movements) are not what their status says: the
 * order's quantity while holding, 0 otherwise (sold, rejected, awaiting, pending).
 */
export async function positionsOffTheirOrders(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select o.id::text as id, o.status, o.quantity::text as quantity, coalesce(p.total, 0)::text as position
      from orders o
      left join (select order_id, sum(quantity_delta) as total from position_movements group by order_id) p
        on p.order_id = o.id
      where coalesce(p.total, 0) <> case when o.status in ('holding', 'listing') then o.quantity else 0 end
      limit 20`),
  );
}

/** Positions below zero: a client's shares of an instrument, or an order's at any movement. */
export async function negativePositions(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select * from (
        select 'client' as scope, client_id::text as id, instrument_id::text as instrument_id,
               sum(quantity_delta)::text as position
        from position_movements group by client_id, instrument_id having sum(quantity_delta) < 0
        union all
        select distinct 'order', order_id::text, instrument_id::text, running::text
        from (select order_id, instrument_id,
                     sum(quantity_delta) over (partition by order_id order by id) as running
              from position_movements) r
        where running < 0
      ) negative
      limit 20`),
  );
}

/**
 * Executed orders whose cash entries are not what they record: the buy entry debits the order's
 * account by exactly buy consideration + buy fees; a sold order's sell entry credits it exactly
 * sell consideration − sell fees (no client line when that is 0).
 */
export async function ordersOffTheirEntries(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select * from (
        select 'buy' as side, o.id::text as id, o.buy_entry_id::text as entry_id,
               p.amount_minor::text as posted,
               (-(o.buy_consideration_minor + o.buy_fees_minor))::text as expected
        from orders o
        left join postings p on p.entry_id = o.buy_entry_id and p.account_id = o.account_id
        where o.status in ('holding', 'sold', 'listing')
          and (p.id is null or p.amount_minor <> -(o.buy_consideration_minor + o.buy_fees_minor))
        union all
        select 'sell', o.id::text, o.sell_entry_id::text, p.amount_minor::text,
               (o.sell_consideration_minor - o.sell_fees_minor)::text
        from orders o
        left join postings p on p.entry_id = o.sell_entry_id and p.account_id = o.account_id
        where o.status = 'sold'
          and (o.sell_consideration_minor is null or o.sell_fees_minor is null
            or case when o.sell_consideration_minor = o.sell_fees_minor then p.id is not null
                    else p.id is null or p.amount_minor <> o.sell_consideration_minor - o.sell_fees_minor end)
        union all
        select 'not executed', o.id::text, coalesce(o.buy_entry_id, o.sell_entry_id)::text, null, null
        from orders o
        where o.status not in ('holding', 'sold', 'listing') and (o.buy_entry_id is not null or o.sell_entry_id is not null)
      ) off
      limit 20`),
  );
}

/**
 * Position movements that do not name their order's trade entry: the entry is missing or not of
 * kind 'trade', a rise is not the order's buy entry or a fall its sell entry, or the movement's
 * client or instrument is not the order's.
 */
export async function movementsOffTheirEntries(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select m.id::text as id, m.order_id::text as order_id, m.entry_id::text as entry_id, e.kind
      from position_movements m
      join orders o on o.id = m.order_id
      left join journal_entries e on e.id = m.entry_id
      where e.id is null
        or e.kind <> 'trade'
        or m.client_id <> o.client_id
        or m.instrument_id <> o.instrument_id
        or (m.quantity_delta > 0 and m.entry_id is distinct from o.buy_entry_id)
        or (m.quantity_delta < 0 and m.entry_id is distinct from o.sell_entry_id)
      limit 20`),
  );
}

/** Withdrawals without the one hold their status calls for (pending: active, paid: captured, rejected: released). */
export async function withdrawalsOffTheirHolds(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select w.id::text as id, w.status, count(h.id)::text as holds
      from withdrawals w
      left join holds h on h.reference_type = 'withdrawal' and h.reference_id = w.id
      group by w.id, w.status
      having count(h.id) <> 1
        or count(h.id) filter (where h.status = case w.status when 'pending' then 'active'
                                                           when 'paid' then 'captured'
                                                           else 'released' end) <> 1
      limit 20`),
  );
}

export async function decidedWithoutEntry(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select 'deposit' as kind, d.id::text as id from deposits d
      left join postings p on p.entry_id = d.entry_id and p.account_id = d.account_id
      where d.status = 'confirmed' and (p.id is null or p.amount_minor <> d.amount_minor)
      union all
      select 'withdrawal', w.id::text from withdrawals w
      left join postings p on p.entry_id = w.entry_id and p.account_id = w.account_id
      where w.status = 'paid' and (p.id is null or p.amount_minor <> -w.amount_minor)
      limit 20`),
  );
}

export async function ledgerFigures(db: Db) {
  const [counts] = rowsOf(
    await db.execute(sql`
      select (select count(*) from journal_entries)::text as entries,
             (select count(*) from postings)::text as postings,
             (select count(*) from accounts where kind = 'client')::text as client_accounts,
             (select count(*) from withdrawals where status = 'pending')::text as pending_withdrawals,
             (select count(*) from deposits where status = 'pending')::text as pending_deposits,
             (select count(*) from holds where status = 'active')::text as active_holds`),
  );
  const clients = rowsOf(
    await db.execute(sql`
      select currency, sum(balance_minor)::text as balance, sum(held_minor)::text as held
      from accounts where kind = 'client' group by currency`),
  );
  const postingTotals = rowsOf(
    await db.execute(sql`select currency, sum(amount_minor)::text as total from postings group by currency`),
  );
  const house = rowsOf(
    await db.execute(sql`
      select a.currency, a.purpose, coalesce(sum(p.amount_minor), 0)::text as total
      from accounts a left join postings p on p.account_id = a.id
      where a.kind = 'house' group by a.currency, a.purpose`),
  );
  const activeHolds = rowsOf(
    await db.execute(sql`
      select a.currency, h.purpose, sum(h.amount_minor)::text as total
      from holds h join accounts a on a.id = h.account_id
      where h.status = 'active' group by a.currency, h.purpose`),
  );
  return { counts: (counts ?? {}) as Record<string, string>, clients, postingTotals, house, activeHolds };
}

/**
 * Portfolio positions (kept by a trigger, migrations 0016 and 0017) that are not what the orders
 * say, per account, product and instrument (or offering): the shares are the sum of the orders'
 * movements, and the cost is what their buy entries debited less what each sale relieved (the
 * cost on the sold order, by the position's method; before cost bases, the order's own cost). No
 * cost is lost or counted twice whichever method a position uses. Either side missing counts as
 * zero.
 */
export async function portfolioPositionsOffTheirOrders(db: Db) {
  return rowsOf(
    await db.execute(sql`
      with moved as (
        select o.account_id, portfolio_product(o.ttype) as product, o.instrument_id,
               portfolio_offering_key(o.ttype, o.offering_id) as offering_key,
               sum(m.quantity) as quantity,
               sum(portfolio_order_cost(o)
                   - case when o.status = 'sold' then coalesce(o.cost_basis_minor, portfolio_order_cost(o)) else 0 end)
                 as cost
        from orders o
        join (select order_id, sum(quantity_delta) as quantity from position_movements group by order_id) m
          on m.order_id = o.id
        group by 1, 2, 3, 4
      )
      select coalesce(h.account_id, p.account_id)::text as account_id, coalesce(h.product, p.product) as product,
             coalesce(h.instrument_id, p.instrument_id)::text as instrument_id,
             coalesce(h.quantity, 0)::text as orders_quantity, coalesce(p.quantity, 0)::text as position_quantity,
             coalesce(h.cost, 0)::text as orders_cost, coalesce(p.cost_minor, 0)::text as position_cost
      from moved h
      full join portfolio_positions p
        on p.account_id = h.account_id and p.product = h.product and p.instrument_id = h.instrument_id
       and p.offering_key = h.offering_key
      where coalesce(h.quantity, 0) <> coalesce(p.quantity, 0) or coalesce(h.cost, 0) <> coalesce(p.cost_minor, 0)
      limit 20`),
  );
}

/** Kept executed-order counts (portfolio_stats, migration 0018) that differ from the orders. */
export async function executedCountsOffTheirOrders(db: Db) {
  return rowsOf(
    await db.execute(sql`
      with executed as (
        select account_id, portfolio_product(ttype) as product, count(*) as n
        from orders where status in ('holding', 'sold') group by 1, 2
      )
      select coalesce(e.account_id, s.account_id)::text as account_id, coalesce(e.product, s.product) as product,
             coalesce(e.n, 0)::text as orders_executed, coalesce(s.executed_count, 0)::text as kept
      from executed e
      full join portfolio_stats s on s.account_id = e.account_id and s.product = e.product
      where coalesce(e.n, 0) <> coalesce(s.executed_count, 0)
      limit 20`),
  );
}

/**
 * FIFO positions whose open lots do not add up to the position (shares and cost), and lots left on
 * a position that is not FIFO (migration 0017).
 */
export async function costLotsOffTheirPositions(db: Db) {
  return rowsOf(
    await db.execute(sql`
      with lots as (
        select account_id, product, instrument_id, offering_key, sum(quantity) as quantity, sum(cost_minor) as cost
        from cost_lots group by 1, 2, 3, 4
      )
      select coalesce(p.account_id, l.account_id)::text as account_id, coalesce(p.product, l.product) as product,
             coalesce(p.instrument_id, l.instrument_id)::text as instrument_id, p.cost_basis_method as method,
             coalesce(l.quantity, 0)::text as lots_quantity, coalesce(p.quantity, 0)::text as position_quantity,
             coalesce(l.cost, 0)::text as lots_cost, coalesce(p.cost_minor, 0)::text as position_cost
      from portfolio_positions p
      full join lots l
        on l.account_id = p.account_id and l.product = p.product and l.instrument_id = p.instrument_id
       and l.offering_key = p.offering_key
      where (p.cost_basis_method = 'fifo'
             and (coalesce(l.quantity, 0) <> p.quantity or coalesce(l.cost, 0) <> p.cost_minor))
         or (l.account_id is not null and p.cost_basis_method is distinct from 'fifo')
      limit 20`),
  );
}

/**
 * Client postings whose entry names another client or none: the portfolio finds an account's
 * deposits and withdrawals through its client's entries (migration 0016), so every entry that
 * moves a client's cash names that client.
 */
export async function clientPostingsOffTheirEntries(db: Db) {
  return rowsOf(
    await db.execute(sql`
      select p.id::text as posting_id, p.entry_id::text as entry_id, a.client_id::text as account_client,
             e.client_id::text as entry_client
      from postings p join accounts a on a.id = p.account_id join journal_entries e on e.id = p.entry_id
      where a.kind = 'client' and e.client_id is distinct from a.client_id
      limit 20`),
  );
}
