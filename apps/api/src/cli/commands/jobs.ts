import { ErrorCode } from '@imali/contract';
import { runJob, scheduledJobs } from '../../jobs/index';
import { DomainError } from '../../plugins/errors';
import { table } from '../format';
import type { OpsCommand } from './types';

const jobsList: OpsCommand = {
  path: ['jobs', 'list'],
  permission: 'jobs.run',
  usage: 'jobs list',
  summary: 'Scheduled jobs the API processes run, with their interval',
  async run() {
    return table(
      ['JOB', 'EVERY', 'WHAT'],
      scheduledJobs.map((j) => [j.name, `${Math.round(j.intervalMs / 60_000)} min`, j.summary]),
    );
  },
};

const jobsRun: OpsCommand = {
  path: ['jobs', 'run'],
  permission: 'jobs.run',
  usage: 'jobs run <name>',
  summary: 'Run a scheduled job now (skipped if a server is running it at this moment)',
  async run(ctx, args) {
    const name = args.positionals[0];
    const job = scheduledJobs.find((j) => j.name === name);
    if (!job) {
      throw new DomainError(
        ErrorCode.InvalidInput,
        `Unknown job: ${name ?? '(none)'}. Jobs: ${scheduledJobs.map((j) => j.name).join(', ')}.\n` +
          `Usage: npm run ops -- ${this.usage}`,
      );
    }
    const outcome = await runJob(ctx, job);
    return outcome.ran
      ? outcome.summary
      : `${job.name} is running in another process right now; nothing done.`;
  },
};

export const jobsCommands: OpsCommand[] = [jobsList, jobsRun];
