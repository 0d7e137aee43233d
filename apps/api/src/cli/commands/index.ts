import { identityCommands } from './identity';
import { jobsCommands } from './jobs';
import { marketCommands } from './market';
import { moneyCommands } from './money';
import { tradingCommands } from './trading';
import type { OpsCommand } from './types';

export const opsCommands: OpsCommand[] = [
  ...identityCommands,
  ...moneyCommands,
  ...marketCommands,
  ...tradingCommands,
  ...jobsCommands,
];
export type { OpsCommand, OpsArgs } from './types';
