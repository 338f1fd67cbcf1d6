import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/config.js';
import { serveWebApp } from './web-app.js';

const ICO = Buffer.from([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]);

function distWith(files: Record<string, string | Buffer>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gsl-web-dist-'));
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  return dir;
}

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

async function appFor(files: Record<string, string | Buffer>) {
  const dir = distWith(files);
  dirs.push(dir);
  const app = Fastify();
  await serveWebApp(app, testConfig(), dir);
  return app;
}

describe('web app serving', () => {
  it('answers /favicon.ico at the root with the built icon (the sign-on page asks there too)', async () => {
    const app = await appFor({ 'index.html': '<!doctype html><head><!--app-config--></head>', 'favicon.ico': ICO, 'favicon.svg': '<svg/>' });
    const res = await app.inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/x-icon');
    expect(res.rawPayload.equals(ICO)).toBe(true);
    const svg = await app.inject({ url: '/gsl/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    await app.close();
  });

  it('without a built icon there is no /favicon.ico route', async () => {
    const app = await appFor({ 'index.html': '<!doctype html><head><!--app-config--></head>' });
    expect((await app.inject({ url: '/favicon.ico' })).statusCode).toBe(404);
    await app.close();
  });
});
