import { http } from '@/lib/api-client';
import { createStore } from '@/lib/create-store';
import { md5Hex } from '@/lib/md5';
import { isPinFresh } from '../model/pin';

/** When this tab last verified the PIN (the server keeps the real record on the session). */
const verifiedAt = createStore<number | null>(null);

/** POST /client/app/v1/pin/verify with the MD5 of the PIN. */
export async function verifyPin(pin: string): Promise<void> {
  await http.post('/api/client/app/v1/pin/verify', { pin: await md5Hex(pin) });
  verifiedAt.set(Date.now());
}

/** Whether a money action can go without asking for the PIN first. */
export function pinRecentlyVerified(now = Date.now()): boolean {
  return isPinFresh(verifiedAt.get(), now);
}

/** The server refused as not verified (e.g. another tab's session timing): ask again. */
export function forgetPinVerification(): void {
  verifiedAt.set(null);
}
