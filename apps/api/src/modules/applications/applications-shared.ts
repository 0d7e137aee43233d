import { ApplicationMessages, ErrorCode, type Application } from '@imali/contract';
import { formatMinor, type Currency } from '@imali/money';
import type { Db } from '../../db/client';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import { requireClient } from '../client/client.service';
import { accountNotFound, houseAccountId, lockAccounts, postEntry } from '../ledger/ledger.service';
import { fileUrl } from '../uploads/uploads.service';
import * as repo from './applications.repository';
import { bpToPercent } from './loan-terms';

/**
 * What the trial bonus, compensation and loan files share: the panel flags, the one way an
 * application moves money (postApplicationEntry) and the client's view of an application.
 */

type Flag = 'allowBonus' | 'allowCompensation' | 'allowLoan';
const FLAG_OF = { trial: 'allowBonus', compensation: 'allowCompensation', loan: 'allowLoan' } as const;
const REFUSAL_OF = {
  trial: ApplicationMessages.trialNotAllowed,
  compensation: ApplicationMessages.compensationNotAllowed,
  loan: ApplicationMessages.loanNotAllowed,
} as const;

const forbidden = (message: string) => new DomainError(ErrorCode.Forbidden, message, 403);
export const invalid = (message: string) => new DomainError(ErrorCode.InvalidInput, message, 400);
export const applicationNotFound = () => notFound(ApplicationMessages.applicationNotFound);

/** A panel hidden by its flag answers 403 on every endpoint of it (read at request time). */
export async function requireFlag(ctx: AppContext, clientId: number, type: keyof typeof FLAG_OF) {
  const client = await requireClient(ctx, clientId);
  if (!client[FLAG_OF[type] as Flag]) throw forbidden(REFUSAL_OF[type]);
  return client;
}

const ENTRY_TEXT: Record<repo.ApplicationRow['type'], string> = {
  trial: 'Trial bonus',
  compensation: 'Compensation',
  loan: 'Loan disbursement',
};
/** The approval action whose amount tier approving an application goes through (its payout). */
export const PAYOUT_ACTION_OF = { compensation: 'compensation.payout', loan: 'loan.payout' } as const;

const HOUSE_OF = { trial: 'bonus', compensation: 'compensation', loan: 'loans' } as const;

/**
 * The one way an application moves money: an entry between the client's cash account (locked by
 * the caller) and the house account of its type, and a row in application_entries naming it.
 * kind bonus_reclaim debits the client; every other kind credits it.
 */
export async function postApplicationEntry(
  tx: Db,
  ctx: AppContext,
  app: repo.ApplicationRow,
  kind: 'bonus_credit' | 'bonus_reclaim' | 'compensation_credit' | 'loan_disbursement',
  amountMinor: bigint,
  actor: string,
  at: Date,
) {
  const toClient = kind === 'bonus_reclaim' ? -amountMinor : amountMinor;
  const entry = await postEntry(
    tx,
    at,
    {
      kind: 'adjustment',
      description:
        kind === 'bonus_reclaim'
          ? `Trial bonus ${app.reference} taken back`
          : `${ENTRY_TEXT[app.type]} ${app.reference}`,
      reference: app.reference,
      clientId: app.clientId,
      createdBy: actor,
    },
    [
      { accountId: app.accountId, currency: app.currency, amountMinor: toClient, kind: 'client' },
      {
        accountId: await houseAccountId(ctx, HOUSE_OF[app.type], app.currency),
        currency: app.currency,
        amountMinor: -toClient,
        kind: 'house',
      },
    ],
  );
  await repo.insertApplicationEntry(tx, {
    entryId: entry.id,
    applicationId: app.id,
    kind,
    amountMinor,
    createdAt: at,
  });
  return entry;
}

export async function ownAccount(tx: Db, clientId: number, accountId: number) {
  const [account] = await lockAccounts(tx, [accountId], clientId);
  if (!account) throw accountNotFound();
  return account;
}

export const instalmentView =
  (currency: Currency) =>
  (r: {
    seq: number;
    dueOn: string;
    instalmentMinor: bigint;
    principalMinor: bigint;
    interestMinor: bigint;
    balanceAfterMinor: bigint;
  }) => ({
    seq: r.seq,
    due_on: r.dueOn,
    instalment: formatMinor(r.instalmentMinor, currency),
    principal: formatMinor(r.principalMinor, currency),
    interest: formatMinor(r.interestMinor, currency),
    balance_after: formatMinor(r.balanceAfterMinor, currency),
  });

export async function viewsOf(ctx: AppContext, rows: repo.ApplicationRow[]): Promise<Application[]> {
  const ids = rows.map((r) => r.id);
  const evidence = await repo.evidenceOf(ctx.db, ids);
  const instalments = await repo.instalmentsOf(ctx.db, ids);
  return rows.map((row) => toApplicationView(row, evidence, instalments));
}

function toApplicationView(
  row: repo.ApplicationRow,
  evidence: { applicationId: number; uploadId: string }[],
  instalments: repo.InstalmentRow[],
): Application {
  const m = (minor: bigint) => formatMinor(minor, row.currency);
  return {
    id: row.id,
    reference: row.reference,
    type: row.type,
    status: row.status,
    account_id: row.accountId,
    currency: row.currency,
    amount: m(row.amountMinor),
    reason: row.reason,
    related_reference: row.relatedReference,
    evidence_urls: evidence.filter((e) => e.applicationId === row.id).map((e) => fileUrl(e.uploadId)),
    decision_reason: row.decisionReason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    trial:
      row.type === 'trial'
        ? {
            expires_at: row.expiresAt!.toISOString(),
            conditions: row.terms?.conditions ?? [],
            reclaimed: m(row.reclaimedMinor),
            not_withdrawable: m(row.amountMinor - row.reclaimedMinor),
          }
        : null,
    loan:
      row.type === 'loan'
        ? {
            term_months: row.termMonths!,
            annual_rate: bpToPercent(row.annualRateBp!),
            instalment: m(row.instalmentMinor!),
            total_repayable: m(row.totalRepayableMinor!),
            total_cost_of_credit: m(row.totalRepayableMinor! - row.amountMinor),
            schedule: instalments
              .filter((i) => i.applicationId === row.id)
              .map((i) => instalmentView(row.currency)(i)),
          }
        : null,
  };
}
