import { listDueIpos } from '../modules/ipo/ipo.service';
import type { Job } from './runner';

/**
 * Lists every allotted IPO whose listing date has come (issue 13), as `ipo list` would, at its
 * final price. The runner's advisory lock lets one process run it at a time, and each listing
 * locks its offering and refuses one already listed, so a rerun is a no-op.
 */
export const ipoListingJob: Job = {
  name: 'ipo.listing',
  summary: 'List allotted IPOs whose listing date has come (at the final price)',
  intervalMs: 5 * 60 * 1000,
  async run(ctx) {
    const listed = await listDueIpos(ctx);
    return listed.length === 0 ? 'No IPO due for listing.' : `Listed IPO ${listed.join(', ')}.`;
  },
};
