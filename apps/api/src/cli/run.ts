import { parseArgs } from 'node:util';
import { ErrorCode } from '@imali/contract';
import type { AppContext } from '../lib/context';
import { DomainError } from '../plugins/errors';
import { refreshExchangeCalendar } from '../modules/market/market.service';
import { opsCommandsOf, type OpsArgs, type OpsCommand } from './commands/index';

/**
 * Parses ops argv with node:util parseArgs. Commands declare no option types, so an option
 * followed by a plain word takes it as its value (`--advisor NAME`, `--reason "blurred image"`);
 * `--name=value` works too, and an option with nothing after it is `true`.
 */
export function parseOpsArgv(argv: string[]): OpsArgs {
  const { tokens } = parseArgs({ args: argv, strict: false, allowPositionals: true, tokens: true });
  const positionals: string[] = [];
  const flags: OpsArgs['flags'] = {};
  let afterTerminator = false;
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.kind === 'option-terminator') {
      afterTerminator = true;
    } else if (token.kind === 'positional') {
      positionals.push(token.value);
    } else if (token.kind === 'option') {
      if (token.inlineValue) {
        flags[token.name] = token.value;
        continue;
      }
      const next = tokens[i + 1];
      if (!afterTerminator && next?.kind === 'positional') {
        flags[token.name] = next.value;
        i += 1;
      } else {
        flags[token.name] = true;
      }
    }
  }
  return { positionals, flags };
}

/** The command whose words are the longest prefix of the positionals. */
export function findCommand(positionals: string[], commands: OpsCommand[]) {
  let best: OpsCommand | undefined;
  for (const command of commands) {
    const matches = command.path.every((word, i) => positionals[i] === word);
    if (matches && (!best || command.path.length > best.path.length)) best = command;
  }
  return best;
}

export function helpText(commands: OpsCommand[]): string {
  const width = Math.max(...commands.map((c) => c.usage.length), 10);
  const lines = commands.map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`);
  return [
    'Usage: npm run ops -- <command>',
    '',
    'Commands:',
    ...lines,
    `  ${'help'.padEnd(width)}  This list`,
  ].join('\n');
}

/** Runs one ops command: the same path for the CLI (direct database) and POST /ops/v1/run. */
export async function runOps(ctx: AppContext, argv: string[], actor: string): Promise<string> {
  const args = parseOpsArgv(argv);
  const commands = opsCommandsOf(ctx.wiring.products);
  if (args.positionals.length === 0 || args.positionals[0] === 'help' || args.flags.help === true) {
    return helpText(commands);
  }
  const command = findCommand(args.positionals, commands);
  if (!command) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      `Unknown command: ${args.positionals.join(' ')}. Run "npm run ops -- help" for the list.`,
    );
  }
  // An ops command in its own process (the CLI on PostgreSQL) sees the declared exchange
  // closures as the server does (decision 0055): valuation, listings and settlement follow them.
  await refreshExchangeCalendar(ctx, 0);
  return command.run(
    ctx,
    { positionals: args.positionals.slice(command.path.length), flags: args.flags },
    actor,
  );
}
