import { runDue } from '../modules/quant/quant.service';
import type { Job } from './runner';

/**
 * Starts structured products whose start date has come (holds captured, start level fixed) and
 * matures those whose maturity has come (payoffs credited), by the market clock. Safe with two
 * processes: the runner's advisory lock runs it once at a time, and each product's rows are
 * locked FOR UPDATE and its state checked, so a product started or matured (here or by the ops
 * CLI) is not touched again; a rerun finds nothing due.
 */
export const quantLifecycleJob: Job = {
  name: 'quant.lifecycle',
  summary: 'Start due structured products (capture subscriptions) and mature due ones (pay the payoff)',
  intervalMs: 60 * 1000,
  async run(ctx) {
    const done = await runDue(ctx, 'job:quant.lifecycle');
    return done.length === 0 ? 'No structured product due.' : done.join('; ');
  },
};
