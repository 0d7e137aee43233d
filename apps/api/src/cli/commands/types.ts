import type { AppContext } from '../../lib/context';

export interface OpsArgs {
  positionals: string[];
  flags: Record<string, string | boolean | undefined>;
}

/**
 * One ops command. The same object runs in the CLI (direct database access) and in the server
 * behind POST /ops/v1/run (when the embedded server owns the PGlite folder), so a command is
 * written once. `run` returns the text to print; it throws DomainError for bad input.
 */
export interface OpsCommand {
  /** The words that select it, e.g. ['kyc', 'approve']. */
  path: string[];
  usage: string;
  summary: string;
  run(ctx: AppContext, args: OpsArgs, actor: string): Promise<string>;
}
