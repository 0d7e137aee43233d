import type { AppInstance } from '../lib/app-instance';
import { opsRoutes } from './ops/ops.routes';

/** Back-office API under /ops (operator token). */
export async function opsModules(app: AppInstance) {
  await app.register(opsRoutes);
}
