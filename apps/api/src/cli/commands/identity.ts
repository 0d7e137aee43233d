import type { OpsCommand } from './types';

/** Ops commands of the identity area. */
export const identityCommands: OpsCommand[] = [];
