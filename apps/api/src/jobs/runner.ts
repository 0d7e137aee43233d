import { sql } from 'drizzle-orm';
import type { AppContext } from '../lib/context';
import { inAuditedTransaction } from '../modules/audit/audit.service';

/**
 * Scheduled work that runs in the API processes (ARCHITECTURE.md): each run takes a PostgreSQL
 * advisory lock for its job inside one transaction, so with N processes a job runs once at a time
 * and the others skip that turn. A job must be written so that running it again is a no-op (it
 * works from the database's state, never from a count of its own runs).
 */
export interface Job {
  /** Stable name: the lock key, the CLI name (`jobs run <name>`) and the log field. */
  name: string;
  summary: string;
  intervalMs: number;
  /**
   * The work. `ctx.db` is the transaction that holds the job's lock: what it writes commits as the
   * lock is released. Returns a one-line summary for the log and the CLI.
   */
  run(ctx: AppContext): Promise<string>;
}

export type JobOutcome = { job: string; ran: true; summary: string } | { job: string; ran: false };

/** Advisory lock namespace (two-key form: namespace, hashtext(job name)). */
const JOBS_LOCK = 73_110_201;

/**
 * Runs `job` once if no other process (or runner) is running it now, else returns `ran: false`
 * at once. `pg_try_advisory_xact_lock` never waits and is released when the transaction ends.
 */
export async function runJob(ctx: AppContext, job: Job): Promise<JobOutcome> {
  // Audited: the job's audit entries are appended as its transaction ends (decision 0056).
  return inAuditedTransaction(ctx, async (tx, txCtx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${JOBS_LOCK}, hashtext(${job.name})) as locked`,
    )) as unknown as { rows: { locked: boolean }[] };
    if (!result.rows[0]?.locked) return { job: job.name, ran: false as const };
    const summary = await job.run(txCtx);
    return { job: job.name, ran: true as const, summary };
  });
}

interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Runs every job of `jobs` every `intervalMs`, the first time `firstRunDelayMs` after start. A
 * run that fails is logged and tried again at the next interval. Timers do not keep the process
 * alive; stop() cancels them and waits for runs in flight (call it before closing the database).
 */
export class JobRunner {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly inFlight = new Set<Promise<void>>();
  private stopped = true;

  constructor(
    private readonly ctx: AppContext,
    private readonly jobs: readonly Job[],
    private readonly log: JobLog,
    private readonly options: { firstRunDelayMs?: number } = {},
  ) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    for (const job of this.jobs) this.schedule(job, this.options.firstRunDelayMs ?? 60_000);
  }

  async stop() {
    this.stopped = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  /** The jobs waiting for their next run (none once stopped). */
  scheduled(): string[] {
    return [...this.timers.keys()];
  }

  private schedule(job: Job, delayMs: number) {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      this.timers.delete(job.name);
      const run = this.runOnce(job).finally(() => {
        this.inFlight.delete(run);
        this.schedule(job, job.intervalMs);
      });
      this.inFlight.add(run);
    }, delayMs);
    timer.unref();
    this.timers.set(job.name, timer);
  }

  private async runOnce(job: Job) {
    try {
      const outcome = await runJob(this.ctx, job);
      if (outcome.ran) this.log.info({ job: job.name }, outcome.summary);
    } catch (err) {
      this.log.error({ err, job: job.name }, 'scheduled job failed');
    }
  }
}
