import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  applicationEntries,
  applicationEvidence,
  applications,
  clients,
  loanInstalments,
} from '../../db/schema/index';
import { rowsOf } from '../../db/rows';
import { runFixed } from '../../db/fixed-statement';

/** What a fixed statement needs: the database handle and the caller's Db (maybe a transaction). */
type FixedContext = Parameters<typeof runFixed>[0];

export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationStatus = ApplicationRow['status'];
export type ApplicationType = ApplicationRow['type'];
export type InstalmentRow = typeof loanInstalments.$inferSelect;

export async function insertApplication(db: Db, values: typeof applications.$inferInsert) {
  const [row] = await db.insert(applications).values(values).returning();
  return row!;
}

/** A trial for a client who has none (one per client: the partial unique index); else undefined. */
export async function insertTrialIfNone(db: Db, values: typeof applications.$inferInsert) {
  const [row] = await db.insert(applications).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findTrialOf(db: Db, clientId: number) {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.clientId, clientId), eq(applications.type, 'trial')))
    .limit(1);
  return row;
}

export async function insertEvidence(db: Db, applicationId: number, uploadIds: string[]) {
  if (uploadIds.length === 0) return;
  await db
    .insert(applicationEvidence)
    .values(uploadIds.map((uploadId) => ({ applicationId, uploadId })))
    .onConflictDoNothing();
}

export async function evidenceOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(applicationEvidence)
    .where(inArray(applicationEvidence.applicationId, ids))
    .orderBy(asc(applicationEvidence.uploadId));
}

export async function instalmentsOf(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(loanInstalments)
    .where(inArray(loanInstalments.applicationId, ids))
    .orderBy(asc(loanInstalments.applicationId), asc(loanInstalments.seq));
}

export async function insertInstalments(db: Db, rows: (typeof loanInstalments.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(loanInstalments).values(rows);
}

export async function listForClient(db: Db, clientId: number, limit = 200) {
  return db
    .select()
    .from(applications)
    .where(eq(applications.clientId, clientId))
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(limit);
}

export async function listAll(
  db: Db,
  filter: { status?: ApplicationStatus; type?: ApplicationType },
  limit = 200,
) {
  return db
    .select({ application: applications, mobile: clients.mobile })
    .from(applications)
    .innerJoin(clients, eq(clients.id, applications.clientId))
    .where(
      and(
        filter.status ? eq(applications.status, filter.status) : undefined,
        filter.type ? eq(applications.type, filter.type) : undefined,
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(limit);
}

export async function findById(db: Db, id: number) {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1);
  return row;
}

/** The application's row lock: of concurrent decisions on it, one proceeds at a time. */
export async function lockById(db: Db, id: number) {
  const [row] = await db.select().from(applications).where(eq(applications.id, id)).limit(1).for('update');
  return row;
}

export async function updateApplication(
  db: Db,
  id: number,
  values: Partial<typeof applications.$inferInsert>,
) {
  const [row] = await db.update(applications).set(values).where(eq(applications.id, id)).returning();
  return row!;
}

export async function insertApplicationEntry(db: Db, values: typeof applicationEntries.$inferInsert) {
  await db.insert(applicationEntries).values(values);
}

/** Trial bonus still counted in an account's balance (granted − taken back): not withdrawable. */
export async function bonusOutstandingMinor(db: Db, accountId: number): Promise<bigint> {
  const [row] = await db
    .select({
      total: sql<string>`coalesce(sum(${applications.amountMinor} - ${applications.reclaimedMinor}), 0)::text`,
    })
    .from(applications)
    .where(
      and(
        eq(applications.accountId, accountId),
        eq(applications.type, 'trial'),
        sql`${applications.reclaimedMinor} < ${applications.amountMinor}`,
      ),
    );
  return BigInt(row?.total ?? '0');
}

/**
 * The trial bonus still in each of the client's accounts (granted − taken back), by account id;
 * an account without one is absent. A client has at most one trial (applications_one_trial_idx).
 */
export async function bonusOutstandingOfClient(
  ctx: FixedContext,
  clientId: number,
): Promise<Map<number, bigint>> {
  const rows = await runFixed<{ account_id: string; bonus: string }>(
    ctx,
    'imali_bonus_outstanding_of_client',
    `select account_id::text as account_id, (amount_minor - reclaimed_minor)::text as bonus
       from applications
      where client_id = $1::bigint and type = 'trial' and reclaimed_minor < amount_minor`,
    [clientId],
  );
  return new Map(rows.map((r) => [Number(r.account_id), BigInt(r.bonus)]));
}

export interface LoanOwedRow {
  id: number;
  reference: string;
  accountId: number;
  currency: ApplicationRow['currency'];
  principalMinor: bigint;
  paidOutAt: Date;
  outstandingMinor: bigint;
  next: { seq: number; dueOn: string; amountMinor: bigint } | null;
}

/**
 * The client's loans paid out and not yet repaid (of one account, or all), oldest first: what is
 * owed (Σ instalments not yet repaid: no repayment is collected yet, decision 0035, so all of
 * them) and the first instalment due on or after `today` ('YYYY-MM-DD'). Through the client's
 * index; a client has few applications.
 */
export async function loansOwed(
  ctx: FixedContext,
  clientId: number,
  accountId: number | undefined,
  today: string,
): Promise<LoanOwedRow[]> {
  const rows = await runFixed<{
    id: string;
    reference: string;
    account_id: string;
    currency: ApplicationRow['currency'];
    amount: string;
    paid_out_at: string;
    outstanding: string;
    next_seq: number | null;
    next_due: string | null;
    next_amount: string | null;
  }>(ctx, 'imali_loans_owed', LOANS_OWED_SQL, [clientId, accountId ?? null, today]);
  return rows
    .map((r) => ({
      id: Number(r.id),
      reference: r.reference,
      accountId: Number(r.account_id),
      currency: r.currency,
      principalMinor: BigInt(r.amount),
      paidOutAt: new Date(r.paid_out_at),
      outstandingMinor: BigInt(r.outstanding),
      next:
        r.next_seq === null
          ? null
          : { seq: Number(r.next_seq), dueOn: r.next_due!, amountMinor: BigInt(r.next_amount!) },
    }))
    .filter((r) => r.outstandingMinor > 0n);
}

/** $1 client id, $2 account id or null (all), $3 today 'YYYY-MM-DD'. */
const LOANS_OWED_SQL = `
select a.id::text as id, a.reference, a.account_id::text as account_id, a.currency,
       a.amount_minor::text as amount,
       to_char(a.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as paid_out_at,
       (select coalesce(sum(i.instalment_minor), 0) from loan_instalments i
         where i.application_id = a.id)::text as outstanding,
       n.seq as next_seq, to_char(n.due_on, 'YYYY-MM-DD') as next_due, n.instalment_minor::text as next_amount
from applications a
left join lateral (select i.seq, i.due_on, i.instalment_minor from loan_instalments i
                    where i.application_id = a.id and i.due_on >= $3::date
                    order by i.seq limit 1) n on true
where a.client_id = $1::bigint and a.type = 'loan' and a.status = 'approved'
  and ($2::bigint is null or a.account_id = $2::bigint)
order by a.decided_at, a.id`;

/**
 * Loan money that moved on the accounts since `since` (payouts +, repayments − once collected),
 * each with its entry's instant: the portfolio tells it apart from deposits.
 */
export async function loanFlowsSince(db: Db, accountIds: number[], since: Date) {
  if (accountIds.length === 0) return [];
  return (
    await db
      .select({
        accountId: applications.accountId,
        at: applicationEntries.createdAt,
        amountMinor: applicationEntries.amountMinor,
      })
      .from(applicationEntries)
      .innerJoin(applications, eq(applications.id, applicationEntries.applicationId))
      .where(
        and(
          inArray(applications.accountId, accountIds),
          eq(applications.type, 'loan'),
          eq(applicationEntries.kind, 'loan_disbursement'),
          gte(applicationEntries.createdAt, since),
        ),
      )
  ).map((r) => ({ accountId: Number(r.accountId), at: r.at, amountMinor: r.amountMinor }));
}

/** Trials with bonus to take back: expired (or due to) or forfeited, not yet fully reclaimed. */
export async function trialsDue(db: Db, now: Date, limit: number) {
  const rows = await db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        eq(applications.type, 'trial'),
        sql`${applications.reclaimedMinor} < ${applications.amountMinor}`,
        sql`(${applications.status} <> 'active' or ${applications.expiresAt} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(applications.expiresAt), asc(applications.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * Whether `reference` names one of the client's own orders (its id or reference) or money
 * movements (a deposit, withdrawal or any journal entry reference of the client).
 */
export async function referenceBelongsTo(db: Db, clientId: number, reference: string) {
  const asId = /^\d{1,15}$/.test(reference) ? Number(reference) : -1;
  const result = await db.execute(sql`
    select exists (select 1 from orders where client_id = ${clientId} and (id = ${asId} or reference = ${reference}))
        or exists (select 1 from journal_entries where client_id = ${clientId} and reference = ${reference})
        or exists (select 1 from deposits where client_id = ${clientId} and reference = ${reference})
        or exists (select 1 from withdrawals where client_id = ${clientId} and reference = ${reference})
      as found`);
  return rowsOf<{ found: boolean }>(result)[0]?.found === true;
}

// ---------- Loans of a client ----------

/**
 * The client row, locked FOR NO KEY UPDATE: loan applications of one client are decided one after
 * another (the pending limit and affordability read the client's other loans), while rows that
 * merely reference the client (orders, sessions) are not held up (they take KEY SHARE).
 */
export async function lockClientForLoan(db: Db, clientId: number) {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(eq(clients.id, clientId))
    .limit(1)
    .for('no key update');
  return row;
}

/**
 * The client's loans that take from their income each month: pending ones, and approved ones with
 * an instalment still to fall due on or after `today` ('YYYY-MM-DD'). Repayments are not recorded
 * apart from the schedule, so an approved loan counts until its schedule has run out.
 */
export async function openLoansOf(db: Db, clientId: number, today: string) {
  return db
    .select({
      id: applications.id,
      status: applications.status,
      currency: applications.currency,
      instalmentMinor: applications.instalmentMinor,
    })
    .from(applications)
    .where(
      and(
        eq(applications.clientId, clientId),
        eq(applications.type, 'loan'),
        sql`(${applications.status} = 'pending' or (${applications.status} = 'approved' and exists (
          select 1 from ${loanInstalments} i
           where i.application_id = ${applications.id} and i.due_on >= ${today}::date)))`,
      ),
    )
    .orderBy(asc(applications.id));
}

// ---------- Flags ----------

/** The client's row (by mobile or id) and its application switches, locked FOR UPDATE. */
export async function lockClientFlags(db: Db, client: { mobile: string } | { clientId: number }) {
  const [row] = await db
    .select({
      id: clients.id,
      mobile: clients.mobile,
      allowBonus: clients.allowBonus,
      allowCompensation: clients.allowCompensation,
      allowLoan: clients.allowLoan,
    })
    .from(clients)
    .where('mobile' in client ? eq(clients.mobile, client.mobile) : eq(clients.id, client.clientId))
    .limit(1)
    .for('update');
  return row;
}

// ---------- ledger check ----------

/**
 * House accounts of bonuses, compensation and loans against the applications: only application
 * entries post to them (today), so the house bonus balance is −Σ(granted − taken back) of trials,
 * compensation −Σ approved claims and loans −Σ approved principal, per currency.
 */
export async function houseBalancesOffApplications(db: Db) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with expected as (
        select 'bonus' as purpose, currency, sum(amount_minor - reclaimed_minor) as total
        from applications where type = 'trial' group by currency
        union all
        select 'compensation', currency, sum(amount_minor) from applications
        where type = 'compensation' and status = 'approved' group by currency
        union all
        select 'loans', currency, sum(amount_minor) from applications
        where type = 'loan' and status = 'approved' group by currency
      ),
      house as (
        select a.purpose, a.currency, coalesce(sum(p.amount_minor), 0) as balance
        from accounts a left join postings p on p.account_id = a.id
        where a.kind = 'house' and a.purpose in ('bonus', 'compensation', 'loans')
        group by a.purpose, a.currency
      )
      select h.purpose, h.currency, h.balance::text as house_balance,
             (-coalesce(e.total, 0))::text as expected
      from house h left join expected e on e.purpose = h.purpose and e.currency = h.currency
      where h.balance <> -coalesce(e.total, 0)`),
  );
}

/**
 * Each application's entries against its state: a credited or disbursed amount equal to the
 * application's, posted to its account; reclaims summing to reclaimed_minor; an approved or
 * active application has its credit and nothing else does.
 */
export async function applicationsOffTheirEntries(db: Db) {
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      with ae as (
        select ae.application_id,
               coalesce(sum(ae.amount_minor) filter (where ae.kind <> 'bonus_reclaim'), 0) as credited,
               coalesce(sum(ae.amount_minor) filter (where ae.kind = 'bonus_reclaim'), 0) as reclaimed,
               bool_and(exists (
                 select 1 from postings p where p.entry_id = ae.entry_id and p.account_id = a.account_id
                   and p.amount_minor = case when ae.kind = 'bonus_reclaim' then -ae.amount_minor else ae.amount_minor end
               )) as posted
        from application_entries ae join applications a on a.id = ae.application_id
        group by ae.application_id
      )
      select a.id, a.type, a.status, a.amount_minor::text as amount, a.reclaimed_minor::text as reclaimed,
             coalesce(ae.credited, 0)::text as credited, coalesce(ae.reclaimed, 0)::text as entries_reclaimed
      from applications a left join ae on ae.application_id = a.id
      where coalesce(ae.posted, true) = false
         or coalesce(ae.reclaimed, 0) <> a.reclaimed_minor
         or coalesce(ae.credited, 0) <> case
              when a.type = 'trial' or a.status = 'approved' then a.amount_minor else 0 end`),
  );
}

// ---------- The console's review (issue 23) ----------

export interface RelatedRow {
  kind: 'order' | 'deposit' | 'withdrawal' | 'entry';
  id: string;
  reference: string;
  status: string | null;
  description: string;
  created_at: Date | string;
}

/**
 * The client's order or money movement a compensation claim names (as referenceBelongsTo matched
 * it when the claim was made): an order (id or reference), a deposit, a withdrawal, else any
 * journal entry of theirs. Read only.
 */
export async function relatedOf(
  db: Db,
  clientId: number,
  reference: string,
): Promise<RelatedRow | undefined> {
  const asId = /^\d{1,15}$/.test(reference) ? Number(reference) : -1;
  const result = await db.execute(sql`
    select * from (
      select 1 as rank, 'order' as kind, id::text as id, reference, status,
             ttype || ' order' as description, order_time as created_at
        from orders where client_id = ${clientId} and (id = ${asId} or reference = ${reference})
      union all
      select 2, 'deposit', id::text, reference, status,
             'Deposit of ' || (amount_minor / 100.0)::numeric(20, 2)::text || ' ' || currency, created_at
        from deposits where client_id = ${clientId} and reference = ${reference}
      union all
      select 3, 'withdrawal', id::text, reference, status,
             'Withdrawal of ' || (amount_minor / 100.0)::numeric(20, 2)::text || ' ' || currency, created_at
        from withdrawals where client_id = ${clientId} and reference = ${reference}
      union all
      select 4, 'entry', id::text, reference, null, description, created_at
        from journal_entries where client_id = ${clientId} and reference = ${reference}
    ) r order by rank, id desc limit 1`);
  return rowsOf<RelatedRow>(result)[0];
}

/** Every loan application of the client, newest first (the review's "other loans"). */
export async function loansOfClient(db: Db, clientId: number) {
  return db
    .select()
    .from(applications)
    .where(and(eq(applications.clientId, clientId), eq(applications.type, 'loan')))
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

export async function findWithMobile(db: Db, id: number) {
  const [row] = await db
    .select({ application: applications, mobile: clients.mobile })
    .from(applications)
    .innerJoin(clients, eq(clients.id, applications.clientId))
    .where(eq(applications.id, id))
    .limit(1);
  return row;
}
