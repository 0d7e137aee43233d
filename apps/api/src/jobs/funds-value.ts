import { valueFunds } from '../modules/funds/funds.service';
import type { Job } from './runner';

/**
 * Values the funds once a valuation time has passed (15:00 SAST by default, market clock): strikes
 * the day's NAV, turns pending subscriptions into units and pays requested redemptions. Checked
 * every minute, so it runs within a minute of the valuation time; with two API processes the
 * runner's advisory lock lets one run it, and the orders' row locks make a rerun a no-op.
 */
export const fundsValueJob: Job = {
  name: 'funds.value',
  summary: 'Value funds at their valuation time: strike NAVs, price pending subscriptions, pay redemptions',
  intervalMs: 60 * 1000,
  async run(ctx) {
    const { funds } = await valueFunds(ctx, { actor: 'job:funds.value' });
    const subscriptions = funds.reduce((n, f) => n + f.subscriptions.length, 0);
    const redemptions = funds.reduce((n, f) => n + f.redemptions.length, 0);
    const rejected = funds.reduce((n, f) => n + f.rejected.length, 0);
    return `Valued ${subscriptions} subscription${subscriptions === 1 ? '' : 's'}, paid ${redemptions} redemption${redemptions === 1 ? '' : 's'}, rejected ${rejected} (${funds.length} fund${funds.length === 1 ? '' : 's'}).`;
  },
};
