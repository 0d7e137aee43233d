import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode, MoneyMessages, type BankCard } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { BankIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/http';
import { deleteBankCard, useBankCards } from '../api/bank-cards';
import { walletKeys } from '../api/keys';
import { maskCardNumber } from '../model/display';
import { openBankCardModal } from './bank-card-modal';
import { openConfirm } from './confirm-modal';
import { Notice } from '@/components/ui/notice';

function CardRow({ card, onDelete }: { card: BankCard; onDelete: (card: BankCard) => void }) {
  return (
    <li
      data-testid="bank-card"
      className="flex flex-wrap items-center gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-nowrap"
    >
      <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-brand-700 to-brand-500 text-white">
        <BankIcon size={20} />
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold text-slate-900">{card.bank_name}</p>
        <p className="truncate text-sm text-slate-500">
          <span className="font-mono tracking-wide">{maskCardNumber(card.card_no)}</span> · {card.holder_name}
        </p>
      </div>
      <div className="flex w-full gap-2 sm:w-auto">
        <Button
          variant="outline"
          size="sm"
          className="flex-1 sm:flex-none"
          aria-label={`Edit ${card.bank_name} ${maskCardNumber(card.card_no)}`}
          onClick={() => openBankCardModal({ card })}
        >
          Edit
        </Button>
        <button
          type="button"
          className="inline-flex h-8 flex-1 items-center justify-center rounded-lg border border-red-200 px-3 text-sm font-semibold text-red-600 transition-colors hover:bg-red-50 sm:flex-none"
          aria-label={`Delete ${card.bank_name} ${maskCardNumber(card.card_no)}`}
          onClick={() => onDelete(card)}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** The bank section on /me (anchor bank-section): list, add, edit, delete with Confirm. */
export default function BankAccountsSection() {
  const queryClient = useQueryClient();
  const { data: cards, isLoading, isError, refetch } = useBankCards();

  const confirmDelete = (card: BankCard) =>
    openConfirm('delete-bank-card', 'Delete Bank Card', {
      message: (
        <>
          Remove <strong className="text-slate-900">{card.bank_name}</strong>{' '}
          <span className="font-mono">{maskCardNumber(card.card_no)}</span>? You can add it again later.
        </>
      ),
      confirmLabel: 'Delete',
      danger: true,
      onConfirm: async () => {
        try {
          await deleteBankCard(card.id);
          toast.success(MoneyMessages.cardDeleted);
        } catch (error) {
          console.error('Delete card failed', error);
          toast.error(
            error instanceof ApiError && error.code === ErrorCode.Conflict
              ? error.message
              : MoneyMessages.deleteCardFailed,
          );
        } finally {
          await queryClient.invalidateQueries({ queryKey: walletKeys.cards });
        }
      },
    });

  const addButton = (
    <Button size="sm" onClick={() => openBankCardModal()}>
      + Add Bank Card
    </Button>
  );

  if (isLoading) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading">
        <Skeleton className="h-20 w-full rounded-2xl" />
        <Skeleton className="h-20 w-full rounded-2xl" />
      </div>
    );
  }
  if (isError) {
    return (
      <Notice tone="error">
        Bank accounts could not be loaded.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void refetch()}>
          Try again
        </button>
      </Notice>
    );
  }
  if (!cards || cards.length === 0) {
    return (
      <EmptyState
        icon={<BankIcon />}
        title="No bank accounts yet"
        description="Add the bank account you want withdrawals paid into."
        action={addButton}
      />
    );
  }
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-500">
          {cards.length} {cards.length === 1 ? 'account' : 'accounts'} for withdrawals
        </p>
        {addButton}
      </div>
      <ul className="space-y-3">
        {cards.map((card) => (
          <CardRow key={card.id} card={card} onDelete={confirmDelete} />
        ))}
      </ul>
    </div>
  );
}
