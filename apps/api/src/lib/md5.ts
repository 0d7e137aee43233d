import { createHash } from 'node:crypto';

/** The browser sends MD5 hex of passwords and PINs (spec section 5); seeds and tests do the same. */
export const md5 = (value: string) => createHash('md5').update(value).digest('hex');
