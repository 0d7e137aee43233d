import { describe, expect, it } from 'vitest';
import { md5Hex } from './md5';

describe('md5Hex', () => {
  it('hashes what the user typed to lowercase MD5 hex', async () => {
    expect(await md5Hex('')).toBe('d41d8cd98f00b204e9800998ecf8427e');
    expect(await md5Hex('123456')).toBe('e10adc3949ba59abbe56e057f20f883e');
    // UTF-8 bytes, as Node's crypto md5 of the same text gives
    expect(await md5Hex('pässwörd')).toBe('12841e4ba5e37d2fbfc78458c6714ade');
  });
});
