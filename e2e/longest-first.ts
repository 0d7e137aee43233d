// Orders the end-to-end files longest first, so the two workers do not end with one long file
// running alone (a clean CI clone has no vitest cache to sort by). Seconds are one file's wall
// time on the two-core machine (CI run of 2026-11-29, files two at a time); a file not listed
// counts as a middling one. Other projects' files have no weight and keep vitest's order.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SECONDS: Record<string, number> = {
  'accessibility.e2e.ts': 263,
  'console-policies.e2e.ts': 170,
  'funds.e2e.ts': 141,
  'ipo.e2e.ts': 122,
  'quant.e2e.ts': 115,
  'product-units.e2e.ts': 113,
  'shell.e2e.ts': 95,
  'console-products-runs.e2e.ts': 85,
  'wallet.e2e.ts': 82,
  'trading.e2e.ts': 81,
  'account.e2e.ts': 76,
  'console-staff-audit.e2e.ts': 59,
  'deep-links.e2e.ts': 57,
  'applications.e2e.ts': 54,
  'guard.e2e.ts': 51,
  'console-payouts.e2e.ts': 51,
  'server-lifecycle.e2e.ts': 40,
  'console-products.e2e.ts': 39,
  'loan-liability.e2e.ts': 36,
  'portfolio-stats.e2e.ts': 35,
  'market.e2e.ts': 33,
  'identity-journey.e2e.ts': 32,
  'console-offerings.e2e.ts': 23,
  'console-passkeys.e2e.ts': 20,
  'console-clients.e2e.ts': 14,
  'ops-cli.e2e.ts': 13,
  'console-kyc.e2e.ts': 11,
  'console-ipos.e2e.ts': 8,
  'console-deposits.e2e.ts': 4,
  'console-applications.e2e.ts': 4,
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
