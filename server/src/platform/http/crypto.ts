import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * Response encryption (wire contract §3): base64(AES-256-CBC(utf8 JSON)), key = the 32-character
 * API_AES_KEY, IV = the key's first 16 bytes, PKCS#7 padding.
 */
export function encryptBody(plain: string, key: string): string {
  const k = Buffer.from(key, 'utf8');
  const cipher = createCipheriv('aes-256-cbc', k, k.subarray(0, 16));
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

export function decryptBody(body: string, key: string): string {
  const k = Buffer.from(key, 'utf8');
  const decipher = createDecipheriv('aes-256-cbc', k, k.subarray(0, 16));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
}
