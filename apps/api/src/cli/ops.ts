// `npm run ops -- <command>`: operator commands as a signed-in staff user (cli/ops-cli.ts).
import { loadConfig } from '../config/env';
import { opsCli } from './ops-cli';

try {
  console.log(await opsCli(process.argv.slice(2), loadConfig()));
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
}
