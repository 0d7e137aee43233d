import { quantLifecyclePayloadOf, dueLifecycleSteps } from '../modules/quant/quant.approval';
import type { Job } from './runner';
import { itemKeyOf, runThroughApprovals, systemMaker, withdrawNoLongerDue } from './through-approvals';

/**
 * Starts structured products whose start date has come (holds captured, start level fixed) and
 * matures those whose maturity has come (payoffs credited), by the market clock, through the
 * approvals (decision 0064): the system user asks for each step due (quant.start / quant.mature)
 * with the preview's level, orders and total; a human checker approves it in the inbox, or, when
 * the policy in force needs no checker, it is done at once. Safe with two processes: the runner's
 * advisory lock runs it once at a time, one request is pending per product and step (a rerun finds
 * it and does nothing), and the step itself locks the product's rows and checks its state.
 */
export const quantLifecycleJob: Job = {
  name: 'quant.lifecycle',
  summary: 'Ask for the start or maturity of each structured product due (quant.start / quant.mature)',
  intervalMs: 60 * 1000,
  async run(ctx) {
    const maker = systemMaker('quant.lifecycle', ['products.request']);
    const lines: string[] = [];
    const due: Record<string, Set<string>> = { 'quant.start': new Set(), 'quant.mature': new Set() };
    for (const preview of await dueLifecycleSteps(ctx)) {
      const verb = preview.step === 'start' ? 'start' : 'maturity';
      const payload = quantLifecyclePayloadOf(preview);
      due[`quant.${preview.step}`]!.add(itemKeyOf(ctx, `quant.${preview.step}`, payload));
      lines.push(
        await runThroughApprovals(
          ctx,
          maker,
          `quant.${preview.step}`,
          payload,
          `${preview.offeringId} ${verb} at ${preview.level} (${preview.lines.length} orders)`,
        ),
      );
    }
    lines.push(...(await withdrawNoLongerDue(ctx, maker, due)));
    return lines.length === 0 ? 'No structured product due.' : lines.join('; ');
  },
};
