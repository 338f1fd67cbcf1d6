import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import type { FastifyRequest } from 'fastify';
import { portalOrigins } from '../../modules/auth/portal-origin.js';
import { redirectAllowed } from '../../modules/auth/redirect-uri.js';
import { seedReference } from './reference.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DEV_REDIRECT = 'http://localhost:5173/gsl/login';
const clientRow = (clientId = 'saber') =>
  t.db
    .selectFrom('bladeClient')
    .select(['webServerRedirectUri', 'version'])
    .where('clientId', '=', clientId)
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
const production = () => ({ ...t.config, production: true });

describe('the web client’s registered redirects', () => {
  it('outside production include the web dev server’s (vite on localhost:5173)', async () => {
    expect((await clientRow()).webServerRedirectUri!.split(',')).toEqual(['/gsl/login', DEV_REDIRECT]);
  });

  it('a production start removes the dev redirect from an existing row, keeps the rest, and the portal refuses it', async () => {
    const before = await clientRow();
    await t.db
      .updateTable('bladeClient')
      .set({ webServerRedirectUri: `/gsl/login,${DEV_REDIRECT},https://app.example.gov.cn/gsl/login` })
      .where('clientId', '=', 'saber')
      .execute();
    await seedReference(t.db, production());
    const after = await clientRow();
    expect(after.webServerRedirectUri).toBe('/gsl/login,https://app.example.gov.cn/gsl/login');
    expect(after.version).toBe(before.version + 1); // an open edit screen must reload
    await seedReference(t.db, production()); // idempotent
    expect((await clientRow()).version).toBe(after.version);

    // the production portal (its origins: the listening address) no longer accepts the dev redirect
    const origins = portalOrigins(production(), { protocol: 'http', host: 'localhost:5173' } as FastifyRequest);
    expect(redirectAllowed(after.webServerRedirectUri, DEV_REDIRECT, origins)).toBe(false);
    expect(redirectAllowed(after.webServerRedirectUri, `http://127.0.0.1:${t.config.port}/gsl/login`, origins)).toBe(true);
  });

  it('a production installation never registers it', async () => {
    await t.db.updateTable('bladeClient').set({ clientId: 'saber_old' }).where('clientId', '=', 'saber').execute();
    await seedReference(t.db, production());
    expect((await clientRow()).webServerRedirectUri).toBe('/gsl/login');
    // and a development start leaves an administrator's registration as it is
    await seedReference(t.db, t.config);
    expect((await clientRow()).webServerRedirectUri).toBe('/gsl/login');
  });
});
