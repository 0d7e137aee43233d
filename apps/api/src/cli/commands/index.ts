import { applicationCommands } from './applications';
import { fundCommands } from './funds';
import { identityCommands } from './identity';
import { ipoCommands } from './ipo';
import { jobsCommands } from './jobs';
import { marketCommands } from './market';
import { moneyCommands } from './money';
import { quantCommands } from './quant';
import { tradingCommands } from './trading';
import type { OpsCommand } from './types';

export const opsCommands: OpsCommand[] = [
  ...identityCommands,
  ...moneyCommands,
  ...marketCommands,
  ...tradingCommands,
  ...ipoCommands,
  ...quantCommands,
  ...fundCommands,
  ...applicationCommands,
  ...jobsCommands,
];
export type { OpsCommand, OpsArgs } from './types';
