import { refreshStandings } from '../modules/standing/standing.service';
import type { Job } from './runner';

/** Keeps each client's stored VIP level, trust score and order count equal to the rules' figures. */
export const clientStandingJob: Job = {
  name: 'client.standing',
  summary: "Recompute clients' VIP level, trust score and order count from the documented rules",
  intervalMs: 60 * 60 * 1000,
  async run(ctx) {
    const changed = await refreshStandings(ctx);
    return `Updated the standing of ${changed} client${changed === 1 ? '' : 's'}.`;
  },
};
