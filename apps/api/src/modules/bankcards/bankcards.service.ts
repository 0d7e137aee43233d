import { ErrorCode, MoneyMessages, type BankCard } from '@imali/contract';
import type { AppContext } from '../../lib/context';
import { DomainError, notFound } from '../../plugins/errors';
import { inTransaction } from '../ledger/ledger.service';
import * as repo from './bankcards.repository';

export type { BankCardRow } from './bankcards.repository';

export interface CardInput {
  bankName: string;
  cardNo: string;
  holderName: string;
}

const cardNotFound = () => notFound(MoneyMessages.cardNotFound);
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

export async function createCard(ctx: AppContext, clientId: number, input: CardInput) {
  if (await repo.findOwnCardByNumber(ctx.db, clientId, input.cardNo)) throw duplicate();
  const now = ctx.clock.now();
  try {
    const row = await repo.insertCard(ctx.db, { clientId, ...input, createdAt: now, updatedAt: now });
    return toCardView(row);
  } catch (error) {
    // Two tabs adding the same card at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw duplicate();
    throw error;
  }
}

/** Only the client's own card. Withdrawals keep a snapshot of the card they pay to, so editing is safe. */
export async function updateCard(ctx: AppContext, clientId: number, id: number, input: CardInput) {
  return inTransaction(ctx, async (tx) => {
    const card = await repo.findOwnCard(tx, clientId, id, 'update');
    if (!card) throw cardNotFound();
    const other = await repo.findOwnCardByNumber(tx, clientId, input.cardNo);
    if (other && other.id !== id) throw duplicate();
    return toCardView(await repo.updateCard(tx, id, { ...input, updatedAt: ctx.clock.now() }));
  });
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
