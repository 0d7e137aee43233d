import type { AppContext } from '../lib/context';
import { clientAccounts } from '../modules/ledger/ledger.service';
import { confirmDeposit, createDeposit } from '../modules/deposits/deposits.service';
import { setRate } from '../modules/fx/fx.service';

/** Published rates (rate = what the client gets; mid = market mid). */
export const SEED_RATES: Array<{ from: string; to: string; rate: string; mid: string }> = [
  { from: 'USD', to: 'ZAR', rate: '18.05', mid: '18.25' },
  { from: 'ZAR', to: 'USD', rate: '0.0542', mid: '0.054795' },
  { from: 'EUR', to: 'ZAR', rate: '19.60', mid: '19.80' },
  { from: 'ZAR', to: 'EUR', rate: '0.0499', mid: '0.050505' },
  { from: 'GBP', to: 'ZAR', rate: '22.70', mid: '22.95' },
  { from: 'ZAR', to: 'GBP', rate: '0.0431', mid: '0.043573' },
  { from: 'USD', to: 'EUR', rate: '0.91', mid: '0.92' },
  { from: 'USD', to: 'GBP', rate: '0.78', mid: '0.795' },
  { from: 'INR', to: 'ZAR', rate: '0.2150', mid: '0.2180' },
  { from: 'USD', to: 'INR', rate: '83.10', mid: '83.90' },
];

const SEED_ACTOR = 'ops:seed';

/**
 * Funds the demo client's wallet through real ledger entries: EFT deposits confirmed by an
 * operator, exactly what a newcomer's money goes through. Also publishes the exchange rates.
 */
export async function seedMoney(ctx: AppContext, clientId: number): Promise<void> {
  for (const r of SEED_RATES) await setRate(ctx, r, SEED_ACTOR);
  const accounts = await clientAccounts(ctx, clientId);
  const funding = [
    { currency: 'ZAR', amount: '25000.00' },
    { currency: 'USD', amount: '1500.00' },
  ];
  for (const f of funding) {
    const account = accounts.find((a) => a.currency === f.currency)!;
    const { data } = await createDeposit(
      ctx,
      clientId,
      { clientId, key: `seed-${f.currency}`, requestHash: 'seed' },
      { accountId: account.id, amount: f.amount, method: 'EFT' },
    );
    await confirmDeposit(ctx, data.id, SEED_ACTOR);
  }
}
