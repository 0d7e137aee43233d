import type { Job } from './runner';
import { uploadOrphansJob } from './uploads-orphans';

/** Every scheduled job. The API processes run them (app.ts); `npm run ops -- jobs run <name>` too. */
export const scheduledJobs: readonly Job[] = [uploadOrphansJob];

export { JobRunner, runJob, type Job, type JobOutcome } from './runner';
