import { createCipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptBody } from './crypto';

const KEY = 'O2BEeIv399qHQNhD6aGW8R8DEj4bqHXm'; // 32 characters, as API_AES_KEY

/** What the server sends when API_CRYPTO is on: base64(AES-256-CBC(utf8 JSON)), IV = key[0..16]. */
function serverEncrypt(json: string, key = KEY): string {
  const keyBytes = Buffer.from(key, 'utf8');
  const cipher = createCipheriv('aes-256-cbc', keyBytes, keyBytes.subarray(0, 16));
  return Buffer.concat([cipher.update(json, 'utf8'), cipher.final()]).toString('base64');
}

describe('response decryption (wire contract §3)', () => {
  it('decrypts an envelope encrypted with node:crypto AES-256-CBC', () => {
    const envelope = { code: 200, success: true, data: { realName: '张三', orgName: '江苏省工商业联合会' }, msg: '操作成功' };
    const body = serverEncrypt(JSON.stringify(envelope));
    expect(JSON.parse(decryptBody(body, KEY))).toEqual(envelope);
  });

  it('handles bodies that fill whole blocks (full padding block) and surrounding whitespace', () => {
    const json = JSON.stringify({ a: 'x'.repeat(24) }); // 32 bytes → PKCS#7 adds a full block
    expect(json.length % 16).toBe(0);
    expect(decryptBody(`\n${serverEncrypt(json)}\n`, KEY)).toBe(json);
  });

  it('fails on a wrong key instead of returning garbage', () => {
    const body = serverEncrypt('{"code":200}');
    expect(() => decryptBody(body, 'x'.repeat(32))).toThrow();
    expect(() => decryptBody(body, 'short')).toThrow();
  });
});
