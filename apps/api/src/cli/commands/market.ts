import type { OpsCommand } from './types';

/** Ops commands of the market area. */
export const marketCommands: OpsCommand[] = [];
