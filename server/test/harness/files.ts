import type { TestApp } from '../app.js';
import { decryptBody } from '../../src/platform/http/crypto.js';
import { basic } from './wire.js';

/** Uploads one file through put-file-attach as the token's user; answers the status and the decrypted envelope. */
export async function uploadFile(t: TestApp, token: string, name: string, content: Buffer, query = ''): Promise<{ status: number; body: any }> {
  const boundary = '----gsl' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blade-resource/oss/endpoint/put-file-attach${query}`,
    headers: {
      authorization: basic(t.config.clientId, t.config.clientSecret),
      'blade-auth': `bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(decryptBody(res.body, t.config.aesKey)) };
}
