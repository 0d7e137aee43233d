// `npm run typecheck`: the six TypeScript projects at once (each tsc is one thread; one after
// another they took about their sum). Exits non-zero if any has an error.
import { bin, runGrouped } from './parallel.mjs';

const projects = ['packages/money', 'packages/contract', 'apps/api', 'apps/web', 'apps/console', 'e2e'];
const results = await runGrouped(
  projects.map((project) => ({ label: `tsc ${project}`, cmd: bin('tsc'), args: ['-p', project] })),
);
process.exit(results.every((r) => r.ok) ? 0 : 1);
