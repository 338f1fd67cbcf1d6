import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installDenyByDefault } from './deny-by-default.js';

async function ready(register: (app: ReturnType<typeof Fastify>) => void) {
  const app = Fastify();
  installDenyByDefault(app);
  register(app);
  try {
    await app.ready();
    return null;
  } finally {
    await app.close();
  }
}

describe('deny by default', () => {
  it('refuses to start with an /api route that declares no access', async () => {
    await expect(ready((app) => app.get('/api/x/list', async () => 1))).rejects.toThrow(/GET \/api\/x\/list: no access declaration/);
  });

  it('refuses a public route that is not on the public list', async () => {
    await expect(ready((app) => app.get('/api/x/open', { config: { access: { public: 'client' } } }, async () => 1))).rejects.toThrow(/not on PUBLIC_ROUTES/);
  });

  it('refuses a listed route declared with the wrong kind', async () => {
    await expect(ready((app) => app.get('/api/health', { config: { access: { public: 'client' } } }, async () => 1))).rejects.toThrow(/not on PUBLIC_ROUTES/);
  });

  it('refuses a permission code that is not in the registry (nobody could be granted it)', async () => {
    await expect(ready((app) => app.get('/api/x/list', { config: { access: { permission: 'param_ad' } } }, async () => 1))).rejects.toThrow(
      /"param_ad" is not in the contract's registry/,
    );
  });

  it('starts when every route declares a permission or is listed', async () => {
    await expect(
      ready((app) => {
        app.get('/api/x/list', { config: { access: { permission: 'param' } } }, async () => 1);
        app.get('/api/health', { config: { access: { public: 'open' } } }, async () => 1);
        app.get('/gsl/anything', async () => 1);
      }),
    ).resolves.toBeNull();
  });
});
