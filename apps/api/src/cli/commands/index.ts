import { identityCommands } from './identity';
import { marketCommands } from './market';
import { moneyCommands } from './money';
import type { OpsCommand } from './types';

export const opsCommands: OpsCommand[] = [...identityCommands, ...moneyCommands, ...marketCommands];
export type { OpsCommand, OpsArgs } from './types';
