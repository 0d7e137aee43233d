import type { AppInstance } from '../lib/app-instance';
import { authRoutes } from './auth/auth.routes';
import { clientRoutes } from './client/client.routes';
import { fileRoutes } from './files/files.routes';
import { kycRoutes } from './kyc/kyc.routes';
import { menuRoutes } from './menu/menu.routes';
import { uploadRoutes } from './uploads/uploads.routes';

/** Identity modules (issue 2): auth, client, kyc, uploads, files, menu. Registered under /api. */
export async function identityModules(app: AppInstance) {
  await app.register(authRoutes);
  await app.register(clientRoutes);
  await app.register(menuRoutes);
  await app.register(uploadRoutes);
  await app.register(fileRoutes);
  await app.register(kycRoutes);
}
