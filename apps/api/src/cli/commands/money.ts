import type { OpsCommand } from './types';

/** Ops commands of the money area. */
export const moneyCommands: OpsCommand[] = [];
