import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type AppConfig } from '../src/platform/config/config.js';

/** A development config with its own secrets for one test run. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({}),
    aesKey: randomBytes(24).toString('base64').slice(0, 32),
    jwtSecret: randomBytes(48).toString('base64'),
    logLevel: 'silent',
    tokenRateLimit: 10_000,
    ssoRateLimit: 10_000,
    fileStoreDir: fs.mkdtempSync(path.join(os.tmpdir(), 'gsl-files-')),
    ...overrides,
  };
}
