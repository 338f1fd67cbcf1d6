import { createCipheriv } from 'node:crypto';
import { vi } from 'vitest';

/** A fetch stand-in answering with the given status and body (object → JSON text). */
export function answer(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'Content-Type': contentType } });
}

export function mockFetch(...responses: Array<Response | Error>) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => {
    const next = responses.shift();
    if (!next) throw new Error('unexpected fetch');
    if (next instanceof Error) throw next;
    return next;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

/** base64(AES-256-CBC(json)) with IV = the key's first 16 bytes, as the server encrypts. */
export function encrypt(body: unknown, key: string): string {
  const keyBytes = Buffer.from(key, 'utf8');
  const cipher = createCipheriv('aes-256-cbc', keyBytes, keyBytes.subarray(0, 16));
  return Buffer.concat([cipher.update(JSON.stringify(body), 'utf8'), cipher.final()]).toString('base64');
}
