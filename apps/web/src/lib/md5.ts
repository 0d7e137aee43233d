import { loadOrOffline } from './http';

/**
 * Passwords and PINs leave the browser only as MD5 hex (spec section 5); the server re-hashes.
 * The hash code loads on first use, keeping it off the sign-in page's first load.
 */
export async function md5Hex(text: string): Promise<string> {
  const [{ md5 }, { bytesToHex, utf8ToBytes }] = await loadOrOffline(() =>
    Promise.all([import('@noble/hashes/legacy.js'), import('@noble/hashes/utils.js')]),
  );
  return bytesToHex(md5(utf8ToBytes(text)));
}
