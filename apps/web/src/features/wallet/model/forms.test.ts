import { describe, expect, it } from 'vitest';
import {
  PROOF_MAX_BYTES,
  bankCardFormSchema,
  depositFormSchema,
  proofFileError,
  transferFormSchema,
  transferableNote,
  withdrawableNote,
  withdrawalFormSchema,
} from './forms';
import { createIdempotencyKeeper } from '@/lib/idempotency';
import { isPinComplete, sanitizePin } from './pin';
import { displayAmount, maskCardNumber, recordStatusBadgeClass } from './display';

/** The first message per field, as the form shows it (react-hook-form keeps the first error). */
const messages = (result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => {
  const out: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error!.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
};
/** Intl puts a no-break space between the currency code and the figure. */
const plainText = (text: string | undefined) => text?.replace(/\s/g, ' ');

const ACCOUNTS = [
  { id: 1, currency: 'ZAR', available: '25000.00', transferable: '25000.00', bonus_not_withdrawable: '0.00' },
  { id: 2, currency: 'USD', available: '1500.00', transferable: '1500.00', bonus_not_withdrawable: '0.00' },
];
const MINIMUMS: Record<string, { deposit: string; withdrawal: string }> = {
  ZAR: { deposit: '1000.00', withdrawal: '500.00' },
  USD: { deposit: '50.00', withdrawal: '25.00' },
};

describe('bank card form (spec section 5 messages)', () => {
  it('requires every field with the spec wording', () => {
    expect(messages(bankCardFormSchema.safeParse({ bankName: '', cardNumber: '', holderName: ' ' }))).toEqual(
      {
        bankName: 'Bank name is required',
        cardNumber: 'Card number is required',
        holderName: 'Account holder name is required',
      },
    );
  });

  it('accepts 5 to 20 digits only', () => {
    const check = (cardNumber: string) =>
      messages(bankCardFormSchema.safeParse({ bankName: 'FNB', cardNumber, holderName: 'T N' })).cardNumber;
    expect(check('1234')).toBe('Enter a valid card number');
    expect(check('123456789012345678901')).toBe('Enter a valid card number');
    expect(check('12 34 5')).toBe('Enter a valid card number');
    expect(check('12345')).toBeUndefined();
    expect(check('12345678901234567890')).toBeUndefined();
  });
});

describe('deposit form', () => {
  const schema = depositFormSchema(ACCOUNTS, (c) => MINIMUMS[c]?.deposit);

  it('refuses an amount under the minimum of the account currency', () => {
    expect(messages(schema.safeParse({ accountId: '1', amount: '999.99' }))).toEqual({
      amount: 'Minimum deposit is 1000.00 ZAR.',
    });
    expect(schema.safeParse({ accountId: '1', amount: '1000' }).success).toBe(true);
    expect(schema.safeParse({ accountId: '2', amount: '50' }).success).toBe(true);
  });

  it('refuses bad amounts and a missing account', () => {
    expect(messages(schema.safeParse({ accountId: '1', amount: '-5' })).amount).toBe(
      'Amount must not be negative',
    );
    expect(messages(schema.safeParse({ accountId: '1', amount: '12.345' })).amount).toBe(
      'Amounts allow at most 2 decimal places',
    );
    expect(messages(schema.safeParse({ accountId: '1', amount: 'abc' })).amount).toBe('Enter a valid amount');
    expect(messages(schema.safeParse({ accountId: '1', amount: '0' })).amount).toBe(
      'Amount must be greater than 0',
    );
    expect(messages(schema.safeParse({ accountId: '', amount: '2000' })).accountId).toBe('Choose an account');
  });
});

describe('withdrawal form', () => {
  const schema = withdrawalFormSchema(
    ACCOUNTS.map((a) => ({
      ...a,
      withdrawable: a.available,
      bonus_not_withdrawable: '0.00',
      daily_withdrawal_left: null,
    })),
    (c) => MINIMUMS[c]?.withdrawal,
  );

  it('needs amount ≥ minimum and ≤ available, and a card', () => {
    expect(messages(schema.safeParse({ accountId: '1', cardId: '7', amount: '499.99' }))).toEqual({
      amount: 'Minimum withdrawal is 500.00 ZAR.',
    });
    expect(messages(schema.safeParse({ accountId: '1', cardId: '7', amount: '25000.01' }))).toEqual({
      amount: 'Insufficient available balance for this request.',
    });
    expect(schema.safeParse({ accountId: '1', cardId: '7', amount: '25000' }).success).toBe(true);
    expect(messages(schema.safeParse({ accountId: '1', cardId: '', amount: '600' }))).toEqual({
      cardId: 'Choose a bank card',
    });
  });
});

describe('withdrawable note and refusal (issue 24)', () => {
  const bonus = {
    id: 1,
    currency: 'ZAR',
    available: '20865.76',
    withdrawable: '20365.76',
    bonus_not_withdrawable: '500.00',
    daily_withdrawal_left: '100000.00',
  };
  const capped = { ...bonus, withdrawable: '4400.00', daily_withdrawal_left: '4400.00' };
  const plain = (text: string | undefined) => text?.replace(/\s/g, ' ');

  it('names the limit that binds: the bonus, else the daily cap; nothing when all is withdrawable', () => {
    expect(plain(withdrawableNote(bonus))).toBe(
      'ZAR 500.00 of your balance is trial bonus: it can be invested but not withdrawn.',
    );
    // Both limit it, the cap more: the cap is what the client can act on today.
    expect(plain(withdrawableNote(capped))).toBe(
      'Your daily withdrawal limit leaves ZAR 4,400.00 for today.',
    );
    expect(
      withdrawableNote({ ...bonus, withdrawable: '20865.76', bonus_not_withdrawable: '0.00' }),
    ).toBeUndefined();
  });

  it('refuses above withdrawable with that reason, above available with the balance message', () => {
    const schema = withdrawalFormSchema([bonus], () => '500.00');
    const amount = (a: string) =>
      plain(messages(schema.safeParse({ accountId: '1', cardId: '7', amount: a })).amount);
    expect(amount('20365.77')).toBe(
      'You can withdraw up to ZAR 20,365.76: ZAR 500.00 of your balance is trial bonus, which can be invested but not withdrawn.',
    );
    expect(amount('20865.77')).toBe('Insufficient available balance for this request.');
    expect(amount('20365.76')).toBeUndefined();
  });
});

describe('transfer form', () => {
  const schema = transferFormSchema(ACCOUNTS);

  it('needs an amount greater than 0 within the available balance', () => {
    expect(messages(schema.safeParse({ from: 'ZAR', to: 'USD', amount: '0' })).amount).toBe(
      'Amount must be greater than 0',
    );
    expect(messages(schema.safeParse({ from: 'USD', to: 'ZAR', amount: '1500.01' })).amount).toBe(
      'Insufficient available balance for this request.',
    );
    expect(schema.safeParse({ from: 'ZAR', to: 'USD', amount: '1000' }).success).toBe(true);
  });

  it('with a trial bonus: refuses more than may be transferred, before it is sent, saying why', () => {
    const bonus = transferFormSchema([
      {
        id: 1,
        currency: 'ZAR',
        available: '1500.00',
        transferable: '1000.00',
        bonus_not_withdrawable: '500.00',
      },
    ]);
    expect(plainText(messages(bonus.safeParse({ from: 'ZAR', to: 'USD', amount: '1000.01' })).amount)).toBe(
      'You can transfer up to ZAR 1,000.00: ZAR 500.00 of your balance is trial bonus, which stays in this account.',
    );
    expect(bonus.safeParse({ from: 'ZAR', to: 'USD', amount: '1000' }).success).toBe(true);
    expect(
      plainText(
        transferableNote({
          id: 1,
          currency: 'ZAR',
          available: '1500.00',
          transferable: '1000.00',
          bonus_not_withdrawable: '500.00',
        }),
      ),
    ).toBe('ZAR 500.00 of your balance is trial bonus: it stays in this account (it can be invested here).');
    expect(transferableNote(ACCOUNTS[0]!)).toBeUndefined();
  });

  it('needs two different currencies', () => {
    expect(messages(schema.safeParse({ from: 'ZAR', to: 'ZAR', amount: '10' })).to).toBe(
      'Choose two different accounts.',
    );
    expect(messages(schema.safeParse({ from: '', to: 'ZAR', amount: '10' })).from).toBe('Choose a currency');
  });
});

describe('proof of payment file', () => {
  it('accepts images and PDF up to 20MB', () => {
    expect(proofFileError({ type: 'application/pdf', size: 1000 })).toBeUndefined();
    expect(proofFileError({ type: 'image/png', size: PROOF_MAX_BYTES })).toBeUndefined();
    expect(proofFileError({ type: 'text/plain', size: 10 })).toBe('Only image or PDF files are allowed.');
    expect(proofFileError({ type: 'image/jpeg', size: PROOF_MAX_BYTES + 1 })).toBe(
      'File must be smaller than 20MB.',
    );
    expect(proofFileError(null)).toBe('Please choose a file to upload.');
  });
});

describe('PIN input', () => {
  it('strips non-digits and cuts at 6', () => {
    expect(sanitizePin('12a3-4 5678')).toBe('123456');
    expect(sanitizePin('abc')).toBe('');
    expect(isPinComplete('12345')).toBe(false);
    expect(isPinComplete('123456')).toBe(true);
  });
});

describe('idempotency keys', () => {
  it('reuses the key for a retry of the same request and renews it after settling or a change', () => {
    let n = 0;
    const keeper = createIdempotencyKeeper(() => `k${++n}`);
    expect(keeper.keyFor({ amount: '10' })).toBe('k1');
    expect(keeper.keyFor({ amount: '10' })).toBe('k1');
    expect(keeper.keyFor({ amount: '11' })).toBe('k2');
    keeper.settle();
    expect(keeper.keyFor({ amount: '11' })).toBe('k3');
  });
});

describe('display', () => {
  it('shows amounts in the account currency, truncated, or masked', () => {
    expect(displayAmount('1234.567', 'ZAR')).toBe('ZAR\u00a01,234.56');
    expect(displayAmount('0.999', 'USD')).toBe('$0.99');
    expect(displayAmount('1234.56', 'USD', false)).toBe('******');
  });

  it('colours record statuses', () => {
    expect(recordStatusBadgeClass('pending')).toContain('amber');
    expect(recordStatusBadgeClass('PAID')).toContain('green');
    expect(recordStatusBadgeClass('confirmed')).toContain('green');
    expect(recordStatusBadgeClass('rejected')).toContain('red');
    expect(recordStatusBadgeClass('other')).toContain('slate');
  });

  it('masks card numbers to the last 4 digits', () => {
    expect(maskCardNumber('62001234567')).toBe('•••• 4567');
    expect(maskCardNumber('****4567')).toBe('•••• 4567');
  });
});
