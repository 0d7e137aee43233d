import type { AppInstance } from '../app';

/** Back-office API under /ops (operator token). */
export async function opsModules(_app: AppInstance) {}
