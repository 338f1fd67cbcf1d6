import { cbc } from '@noble/ciphers/aes.js';
import { bytesToUtf8, utf8ToBytes } from '@noble/ciphers/utils.js';

/**
 * Response decryption (wire contract §3): body = base64(AES-256-CBC(utf8 JSON)), key = utf8(aesKey)
 * (32 bytes), IV = the key's first 16 bytes, PKCS#7 padding. Pure JS because WebCrypto is absent on
 * plain-http LAN origins.
 */
export function decryptBody(base64: string, aesKey: string): string {
  const key = utf8ToBytes(aesKey);
  if (key.length !== 32) throw new Error('aesKey must be 32 bytes for AES-256');
  const iv = key.slice(0, 16);
  return bytesToUtf8(cbc(key, iv).decrypt(base64ToBytes(base64)));
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
