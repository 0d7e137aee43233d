import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { ErrorCode, MoneyMessages, type BankCard } from '@imali/contract';
import { Button } from '@/components/ui/button';
import { FormTextField } from '@/components/ui/form-text-field';
import { modal } from '@/components/ui/modal';
import { toast } from '@/components/ui/toast';
import { ApiError } from '@/lib/http';
import { saveBankCard } from '../api/bank-cards';
import { walletKeys } from '../api/keys';
import { bankCardFormSchema, type BankCardFormValues } from '../model/forms';

export interface BankCardModalProps {
  /** The card to edit; absent to add a new one. */
  card?: BankCard;
  onSaved?: (card: BankCard) => void;
}

/** A refusal the client can act on (duplicate card) keeps its own words; anything else is the spec's. */
function saveFailureMessage(error: unknown): string {
  if (
    error instanceof ApiError &&
    (error.code === ErrorCode.Conflict || error.code === ErrorCode.InvalidInput)
  ) {
    return error.message;
  }
  return MoneyMessages.saveCardFailed;
}

/** Add/Edit Bank Card (spec sections 2 and 5). */
export default function BankCardModal({ card, onSaved }: BankCardModalProps) {
  const queryClient = useQueryClient();
  const form = useForm<BankCardFormValues>({
    resolver: zodResolver(bankCardFormSchema),
    defaultValues: {
      bankName: card?.bank_name ?? '',
      cardNumber: card?.card_no ?? '',
      holderName: card?.holder_name ?? '',
    },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await saveBankCard({
        ...(card ? { id: card.id } : {}),
        bank_name: values.bankName,
        card_no: values.cardNumber,
        holder_name: values.holderName,
      });
      await queryClient.invalidateQueries({ queryKey: walletKeys.cards });
      toast.success(MoneyMessages.cardSaved);
      modal.forceClose();
      onSaved?.(saved);
    } catch (error) {
      console.error('Save card failed', error);
      toast.error(saveFailureMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-slate-500">Withdrawals are paid only to bank accounts in your own name.</p>
      <FormTextField control={form.control} name="bankName" label="Bank Name" autoComplete="off" clearable />
      <FormTextField
        control={form.control}
        name="cardNumber"
        label="Card / Account Number"
        filter="digits"
        maxDigits={20}
        autoComplete="off"
        clearable
      />
      <FormTextField
        control={form.control}
        name="holderName"
        label="Account Holder Name"
        autoComplete="name"
        clearable
      />
      <div className="flex gap-3 pt-1">
        <Button variant="outline" size="lg" className="flex-1" onClick={() => void modal.close()}>
          Cancel
        </Button>
        <Button type="submit" size="lg" className="flex-1" loading={form.formState.isSubmitting}>
          {card ? 'Save Changes' : 'Save Card'}
        </Button>
      </div>
    </form>
  );
}

export function openBankCardModal(props: BankCardModalProps = {}): void {
  modal.open<BankCardModalProps>({
    key: 'bank-card',
    title: props.card ? 'Edit Bank Card' : 'Add Bank Card',
    content: BankCardModal,
    props,
  });
}
