import { ErrorCode, MoneyMessages, type BankCard } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import * as audit from '../audit/audit.service';
import * as clients from '../client/client.service';
import { inTransaction } from '../ledger/ledger.service';
import * as repo from './bankcards.repository';

export type { BankCardRow } from './bankcards.repository';

export interface CardInput {
  bankName: string;
  cardNo: string;
  holderName: string;
}

const cardNotFound = () => notFound(MoneyMessages.cardNotFound);

const TITLES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'adv', 'rev']);
const nameTokens = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z]+/g, ' ')
    .trim()
    .split(' ')
    .filter((t) => t && !TITLES.has(t));

/**
 * Whether a card's holder name is the client's own verified (KYC) name, as banks print it:
 * accents, case, punctuation and titles ignored; given names may be initials or left out, but the
 * surname must be there and every other word must be one of the client's names or its initial.
 * 'Naledi Khumalo' accepts 'MRS N KHUMALO' and 'Khumalo Naledi', not 'T Mokoena' or 'Naledi'.
 */
export function holderMatchesName(holderName: string, kycName: string): boolean {
  const holder = nameTokens(holderName);
  const own = nameTokens(kycName);
  const surname = own[own.length - 1];
  if (!surname || !holder.includes(surname)) return false;
  return holder.every((h) => own.includes(h) || (h.length === 1 && own.some((k) => k.startsWith(h))));
}

async function assertOwnName(ctx: AppContext, clientId: number, holderName: string) {
  const client = await clients.requireClient(ctx, clientId);
  if (!client.name || !holderMatchesName(holderName, client.name)) {
    throw new DomainError(ErrorCode.InvalidInput, MoneyMessages.cardHolderNotOwnName, 400);
  }
}
const duplicate = () => new DomainError(ErrorCode.Conflict, MoneyMessages.cardDuplicate, 409);

export function toCardView(row: repo.BankCardRow): BankCard {
  return {
    id: row.id,
    bank_name: row.bankName,
    card_no: row.cardNo,
    holder_name: row.holderName,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** '…1234': what a withdrawal shows of the card it pays to. */
export const maskCardNo = (cardNo: string) => `****${cardNo.slice(-4)}`;

export async function listCards(ctx: AppContext, clientId: number) {
  return (await repo.listCards(ctx.db, clientId)).map(toCardView);
}

/**
 * A card number on another client's live card is refused (a payout to a card two clients claim is
 * how money is laundered or misdirected) unless an operator approved it for this client. The
 * number is locked for the caller's transaction, so two clients adding it at once cannot both pass.
 */
async function cardNumberUsable(db: AppContext['db'], clientId: number, cardNo: string) {
  await repo.lockCardNumber(db, cardNo);
  if (!(await repo.heldByAnotherClient(db, clientId, cardNo))) return true;
  return (await repo.sharedApproval(db, clientId, cardNo)) !== undefined;
}

/** The refusal, flagged in the audit log for operators (outside the refused transaction). */
async function refuseSharedNumber(ctx: AppContext, clientId: number, cardNo: string): Promise<never> {
  await audit.record(ctx, {
    actor: `client:${clientId}`,
    action: 'bankcard.shared_number_refused',
    subjectType: 'client',
    subjectId: String(clientId),
    before: null,
    after: { cardEnding: cardNo.slice(-4) },
  });
  throw new DomainError(ErrorCode.Conflict, MoneyMessages.cardHeldByAnotherClient, 409);
}

export async function createCard(ctx: AppContext, clientId: number, input: CardInput) {
  await assertOwnName(ctx, clientId, input.holderName);
  let card: BankCard | 'shared';
  try {
    card = await inTransaction(ctx, async (tx) => {
      if (await repo.findOwnCardByNumber(tx, clientId, input.cardNo)) throw duplicate();
      if (!(await cardNumberUsable(tx, clientId, input.cardNo))) return 'shared' as const;
      const now = ctx.clock.now();
      return toCardView(await repo.insertCard(tx, { clientId, ...input, createdAt: now, updatedAt: now }));
    });
  } catch (error) {
    // Two tabs adding the same card at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw duplicate();
    throw error;
  }
  return card === 'shared' ? refuseSharedNumber(ctx, clientId, input.cardNo) : card;
}

/** Operator: lets `clientId` register a card number another client also holds (audited). */
export async function approveSharedCardNumber(
  ctx: AppContext,
  input: { clientId: number; cardNo: string; reason: string },
  actor: string,
) {
  await inTransaction(ctx, async (tx, txCtx) => {
    await repo.insertSharedApproval(tx, {
      clientId: input.clientId,
      cardNo: input.cardNo,
      approvedBy: actor,
      reason: input.reason,
      createdAt: ctx.clock.now(),
    });
    await audit.record(txCtx, {
      actor,
      action: 'bankcard.shared_number_approved',
      subjectType: 'client',
      subjectId: String(input.clientId),
      before: null,
      after: { cardEnding: input.cardNo.slice(-4), reason: input.reason },
    });
  });
}

/** Only the client's own card. Withdrawals keep a snapshot of the card they pay to, so editing is safe. */
export async function updateCard(ctx: AppContext, clientId: number, id: number, input: CardInput) {
  await assertOwnName(ctx, clientId, input.holderName);
  const card = await inTransaction(ctx, async (tx) => {
    const current = await repo.findOwnCard(tx, clientId, id, 'update');
    if (!current) throw cardNotFound();
    const other = await repo.findOwnCardByNumber(tx, clientId, input.cardNo);
    if (other && other.id !== id) throw duplicate();
    if (input.cardNo !== current.cardNo && !(await cardNumberUsable(tx, clientId, input.cardNo))) {
      return 'shared' as const;
    }
    return toCardView(await repo.updateCard(tx, id, { ...input, updatedAt: ctx.clock.now() }));
  });
  return card === 'shared' ? refuseSharedNumber(ctx, clientId, input.cardNo) : card;
}

/** Deletes (hides) the card; refused while a pending withdrawal pays to it. */
export async function deleteCard(ctx: AppContext, clientId: number, id: number) {
  await inTransaction(ctx, async (tx) => {
    // The row lock makes a concurrent withdrawal on this card wait (it locks the card FOR SHARE).
    const card = await repo.findOwnCard(tx, clientId, id, 'update');
    if (!card) throw cardNotFound();
    if ((await repo.pendingWithdrawalsOnCard(tx, id)) > 0) {
      throw new DomainError(ErrorCode.Conflict, MoneyMessages.cardInUse, 409);
    }
    await repo.softDeleteCard(tx, id, ctx.clock.now());
  });
}

/** For withdrawals: the client's live card, locked FOR SHARE inside the caller's transaction. */
export async function lockOwnCardForUse(ctx: AppContext, clientId: number, id: number) {
  const card = await repo.findOwnCard(ctx.db, clientId, id, 'share');
  if (!card) throw cardNotFound();
  return card;
}

/**
 * Other clients holding a live card with a number of this client's live cards (the operator
 * console's duplicate-identity flags, decision 0061). Numbers are compared as stored (the rule
 * above keeps them exact); only the masked number leaves this module.
 */
export async function sharedCardNumbersOf(ctx: AppContext, clientId: number, limit = 50) {
  const mine = await repo.listCards(ctx.db, clientId);
  if (mine.length === 0) return [];
  const others = await repo.otherHoldersOfCardNumbers(
    ctx.db,
    [...new Set(mine.map((c) => c.cardNo))],
    clientId,
    limit,
  );
  return others.map((o) => ({ clientId: o.clientId, maskedCardNo: maskCardNo(o.cardNo) }));
}
