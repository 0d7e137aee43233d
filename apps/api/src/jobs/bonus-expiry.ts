import { reclaimDueBonuses } from '../modules/applications/applications.service';
import type { Job } from './runner';

/**
 * Takes expired trial bonuses back through the ledger (issue 14). Safe with several processes:
 * the runner's advisory lock lets one run at a time, and each trial is handled under its row
 * lock from the database's state, so a rerun (or a forfeit at the same moment) finds nothing to
 * take twice.
 */
export const bonusExpiryJob: Job = {
  name: 'applications.bonus-expiry',
  summary: 'Expire trial bonuses past their expiry and take the bonus back from available cash',
  intervalMs: 15 * 60 * 1000,
  async run(ctx) {
    const { expired, reclaims, looked } = await reclaimDueBonuses(ctx);
    return `Looked at ${looked} trial bonus${looked === 1 ? '' : 'es'}: ${expired} expired, ${reclaims} (partly) taken back.`;
  },
};
