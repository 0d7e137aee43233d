import { parseArgs } from 'node:util';
import { ErrorCode } from '@imali/contract';
import type { AppContext } from '../lib/context';
import { DomainError } from '../plugins/errors';
import { refreshExchangeCalendar } from '../modules/market/market.service';
import { opsCommandsOf, type OpsArgs, type OpsCommand } from './commands/index';
import { staffActor, type StaffPrincipal } from '../modules/staff/staff.service';

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

/** The commands a staff user may run: those whose permission one of their roles grants. */
export function commandsFor(commands: OpsCommand[], staff: Pick<StaffPrincipal, 'permissions'>) {
  return commands.filter((c) => staff.permissions.includes(c.permission));
}

export function helpText(commands: OpsCommand[], extra: [string, string][] = []): string {
  const rows: [string, string][] = [...commands.map((c): [string, string] => [c.usage, c.summary]), ...extra];
  const width = Math.max(...rows.map(([usage]) => usage.length), 10);
  const lines = rows.map(([usage, summary]) => `  ${usage.padEnd(width)}  ${summary}`);
  return [
    'Usage: npm run ops -- <command>',
    '',
    'Commands:',
    ...(lines.length ? lines : ['  (none: your roles grant no ops command)']),
    `  ${'help'.padEnd(width)}  This list`,
  ].join('\n');
}

/** The refusal of a command the staff user lacks the permission for: nothing ran. */
export function forbidden(command: OpsCommand, staff: Pick<StaffPrincipal, 'roles'>): DomainError {
  const roles = staff.roles.length ? staff.roles.join(', ') : 'none';
  return new DomainError(
    ErrorCode.Forbidden,
    `"${command.path.join(' ')}" needs the permission ${command.permission}, which your roles (${roles}) do not grant. Nothing was done.`,
    403,
  );
}

/**
 * Runs one ops command as a signed-in staff user: the same path for the CLI (direct database)
 * and POST /ops/v1/run. The command's own permission is checked here, before anything runs (help
 * lists only the permitted ones), and its audit actor is the staff user's `staff:<id>`: nobody
 * chooses the name the audit log records.
 */
export async function runOps(ctx: AppContext, argv: string[], staff: StaffPrincipal): Promise<string> {
  const args = parseOpsArgv(argv);
  const commands = opsCommandsOf(ctx.wiring.products);
  if (args.positionals.length === 0 || args.positionals[0] === 'help' || args.flags.help === true) {
    return helpText(commandsFor(commands, staff));
  }
  const command = findCommand(args.positionals, commands);
  if (!command) {
    throw new DomainError(
      ErrorCode.InvalidInput,
      `Unknown command: ${args.positionals.join(' ')}. Run "npm run ops -- help" for the list.`,
    );
  }
  if (!staff.permissions.includes(command.permission)) throw forbidden(command, staff);
  // An ops command in its own process (the CLI on PostgreSQL) sees the declared exchange
  // closures as the server does (decision 0055): valuation, listings and settlement follow them.
  await refreshExchangeCalendar(ctx, 0);
  return command.run(
    ctx,
    { positionals: args.positionals.slice(command.path.length), flags: args.flags },
    staffActor(staff),
    staff,
  );
}
