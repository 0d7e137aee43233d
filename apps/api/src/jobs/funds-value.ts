import { dueFundStrikes } from '../modules/funds/funds.approval';
import type { Job } from './runner';
import { itemKeyOf, runThroughApprovals, systemMaker, withdrawNoLongerDue } from './through-approvals';

/**
 * Values the funds once a valuation time has passed (15:00 SAST by default, market clock), through
 * the approvals (decision 0064): for each fund with orders due (to value, reject or pay) the
 * system user asks for its NAV strike (fund.nav_strike) with the preview's figures. Under the
 * policy in force a human checker approves it in the inbox (which strikes the NAVs, turns the
 * subscriptions into units and pays the redemptions), or, with no checker required, it is done at
 * once. Checked every minute; with two API processes the runner's advisory lock lets one run it,
 * one request is pending per fund (a rerun finds it and does nothing), and a request made stale by
 * later orders is replaced.
 */
export const fundsValueJob: Job = {
  name: 'funds.value',
  summary:
    'Ask for the NAV strike of each fund with orders due (fund.nav_strike), as the policy in force says',
  intervalMs: 60 * 1000,
  async run(ctx) {
    const maker = systemMaker('funds.value', ['products.request']);
    const lines: string[] = [];
    const due = await dueFundStrikes(ctx);
    for (const { payload } of due) {
      lines.push(
        await runThroughApprovals(
          ctx,
          maker,
          'fund.nav_strike',
          payload,
          `${payload.code} (through ${payload.day}, ${payload.subscriptions} subscription(s), ${payload.redemptions} redemption(s), ${payload.rejected} rejected)`,
        ),
      );
    }
    const dueKeys = new Set(due.map(({ payload }) => itemKeyOf(ctx, 'fund.nav_strike', payload)));
    lines.push(...(await withdrawNoLongerDue(ctx, maker, { 'fund.nav_strike': dueKeys })));
    return lines.length === 0 ? 'No fund has orders due.' : lines.join('; ');
  },
};
