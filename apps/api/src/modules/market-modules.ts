import type { AppInstance } from '../app';

/** Market modules (issue 4). Registered at the root: they choose /market or /api prefixes. */
export async function marketModules(_app: AppInstance) {}
