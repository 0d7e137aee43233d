import { api, apiRoutes } from '@/lib/api';
import { md5Hex } from '@/lib/md5';

/**
 * POST /client/app/v1/pin/verify with the MD5 of the PIN. Each withdrawal spends a verification
 * of its own on the server, so the wallet asks for the PIN every time.
 */
export async function verifyPin(pin: string): Promise<void> {
  await api.call(apiRoutes.verifyPin, { body: { pin: await md5Hex(pin) } });
}
