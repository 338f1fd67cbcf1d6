import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { assertProductionSafe, validateSecrets, type AppConfig } from './config.js';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
function randomText(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
}

/**
 * Fills the AES key and JWT secret that the environment leaves unset. Outside production they are
 * generated once and stored in the database, so every process on the same database shares them and
 * tokens survive restarts. In production unset secrets stop the start.
 */
export async function resolveSecrets(cfg: AppConfig, db: Db): Promise<AppConfig> {
  const generated = { aesKey: !cfg.aesKey, jwtSecret: !cfg.jwtSecret };
  assertProductionSafe(cfg, generated);
  const out = { ...cfg };
  if (generated.aesKey) out.aesKey = await storedSecret(db, 'api_aes_key', () => randomText(32));
  if (generated.jwtSecret) out.jwtSecret = await storedSecret(db, 'jwt_secret', () => randomBytes(48).toString('base64url'));
  validateSecrets(out);
  return out;
}

async function storedSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db
    .insertInto('sysSecret')
    .values({ name, value: make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('sysSecret').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}
