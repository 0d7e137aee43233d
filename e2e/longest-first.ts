// Orders the end-to-end files longest first, so the two workers do not end with one long file
// running alone (a clean CI clone has no vitest cache to sort by). Seconds are one file's wall
// time on the two-core machine (CI run of 2026-11-28, files two at a time); a file not listed
// counts as a middling one. Other projects' files have no weight and keep vitest's order.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SECONDS: Record<string, number> = {
  'accessibility.e2e.ts': 207,
  'shell.e2e.ts': 109,
  'ipo.e2e.ts': 125,
  'funds.e2e.ts': 109,
  'trading.e2e.ts': 78,
  'account.e2e.ts': 78,
  'product-units.e2e.ts': 74,
  'wallet.e2e.ts': 65,
  'loan-liability.e2e.ts': 42,
  'applications.e2e.ts': 40,
  'deep-links.e2e.ts': 37,
  'quant.e2e.ts': 36,
  'portfolio-stats.e2e.ts': 34,
  'identity-journey.e2e.ts': 27,
  'guard.e2e.ts': 27,
  'market.e2e.ts': 19,
  'server-lifecycle.e2e.ts': 19,
};
const UNLISTED_E2E_SECONDS = 60;

const weightOf = (file: TestSpecification) => {
  const name = path.basename(file.moduleId);
  if (!name.endsWith('.e2e.ts')) return undefined;
  return SECONDS[name] ?? UNLISTED_E2E_SECONDS;
};

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const e2e = sorted.filter((f) => weightOf(f) !== undefined);
    if (e2e.length === 0) return sorted;
    e2e.sort((a, b) => weightOf(b)! - weightOf(a)!);
    return [...e2e, ...sorted.filter((f) => weightOf(f) === undefined)];
  }
}
