import type { AppContext } from '../../lib/context';
import type { OperatorAction, OperatorArgs } from '../../modules/orders/product';

export type OpsArgs = OperatorArgs;

/**
 * One ops command. The same object runs in the CLI (direct database access) and in the server
 * behind POST /ops/v1/run (when the embedded server owns the PGlite folder), so a command is
 * written once. `run` returns the text to print; it throws DomainError for bad input. A product's
 * commands are its operator actions (decision 0048): wiring.ts lists them in its definition.
 */
export type OpsCommand = OperatorAction<AppContext>;
