import type { AppInstance } from '../app';

/** Money modules (issue 3): accounts, cards, deposits, withdrawals, transfers. Under /api. */
export async function moneyModules(_app: AppInstance) {}
