import { describe, expect, it } from 'vitest';
import { assertProductionSafe, loadConfig } from './config.js';

describe('configuration', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 8080,
      basePath: '/gsl/',
      apiCrypto: true,
      dataDir: './data',
      clientId: 'saber',
      demoData: true,
      production: false,
      defaultTenantId: '000001',
    });
  });

  it('refuses to start in production with development secrets', () => {
    const c = loadConfig({ NODE_ENV: 'production' });
    expect(c.demoData).toBe(false);
    expect(() => assertProductionSafe(c, { aesKey: true, jwtSecret: true })).toThrow(/API_AES_KEY.*JWT_SECRET.*CLIENT_SECRET/);
    const good = loadConfig({ NODE_ENV: 'production', API_AES_KEY: 'k'.repeat(32), JWT_SECRET: 's'.repeat(40), CLIENT_SECRET: 'a-real-secret' });
    expect(() => assertProductionSafe(good, { aesKey: false, jwtSecret: false })).not.toThrow();
  });

  it('rejects malformed numbers instead of guessing', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
