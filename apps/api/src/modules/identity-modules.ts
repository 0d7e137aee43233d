import type { AppInstance } from '../app';

/** Identity modules (issue 2): auth, client, kyc, uploads, menu. Registered under /api. */
export async function identityModules(_app: AppInstance) {}
