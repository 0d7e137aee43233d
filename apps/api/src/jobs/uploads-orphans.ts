import { deleteOrphanUploads } from '../modules/uploads/uploads.service';
import type { Job } from './runner';

/** Deletes uploads that nothing refers to a day after they were stored. */
export const uploadOrphansJob: Job = {
  name: 'uploads.orphans',
  summary:
    'Delete uploaded files no avatar, KYC submission, deposit or application evidence refers to, after a day',
  intervalMs: 60 * 60 * 1000,
  async run(ctx) {
    const deleted = await deleteOrphanUploads(ctx);
    return `Deleted ${deleted} unreferenced upload${deleted === 1 ? '' : 's'}.`;
  },
};
