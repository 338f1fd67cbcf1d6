import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.js';
import { mainOf } from '../../db/tenant-context.js';

/**
 * Personal data at rest: phone and certificate numbers are stored encrypted
 * (AES-256-GCM, random IV per value) next to a keyed hash (HMAC-SHA-256) used for exact search and
 * uniqueness. Both keys are derived (HKDF) from one master secret:
 *
 * - `PERSONAL_DATA_KEY` (≥ 32 characters) from the environment — required in production mode;
 * - otherwise (development, tests) a random one generated once and kept in `sys_secret`, shared by every
 *   process on the database, like the other development secrets (platform/config/secrets.ts).
 *
 * The master secret must never change once data is stored: the values could no longer be read.
 */
export interface PersonalDataCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
  /** The keyed hash of a normalised value (exact search, unique indexes). */
  hash(plain: string): string;
}

const PREFIX = 'v1:';
const SECRET_NAME = 'personal_data_key';

export function createCipher(master: string): PersonalDataCipher {
  const encKey = Buffer.from(hkdfSync('sha256', master, 'gsl-personal-data', 'aes-256-gcm', 32));
  const macKey = Buffer.from(hkdfSync('sha256', master, 'gsl-personal-data', 'hmac-sha256', 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const c = createCipheriv('aes-256-gcm', encKey, iv);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return PREFIX + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored) {
      if (!stored.startsWith(PREFIX)) throw new Error('unknown personal data format');
      const raw = Buffer.from(stored.slice(PREFIX.length), 'base64');
      const d = createDecipheriv('aes-256-gcm', encKey, raw.subarray(0, 12));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    },
    hash(plain) {
      return createHmac('sha256', macKey).update(plain.trim().toUpperCase()).digest('hex');
    },
  };
}

const resolved = new WeakMap<Db, Promise<PersonalDataCipher>>();

/**
 * The cipher of a database (resolved once per database handle). A routed handle resolves it on the main
 * database: a tenant on its own datasource uses the same key (its rows may move between databases).
 */
export function personalDataCipher(routed: Db, opts: { production: boolean; env?: NodeJS.ProcessEnv }): Promise<PersonalDataCipher> {
  const db = mainOf(routed);
  let p = resolved.get(db);
  if (!p) {
    p = resolveMaster(db, opts).then(createCipher);
    p.catch(() => resolved.delete(db));
    resolved.set(db, p);
  }
  return p;
}

async function resolveMaster(db: Db, opts: { production: boolean; env?: NodeJS.ProcessEnv }): Promise<string> {
  const fromEnv = (opts.env ?? process.env).PERSONAL_DATA_KEY;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error('PERSONAL_DATA_KEY must be at least 32 characters');
    return fromEnv;
  }
  if (opts.production) throw new Error('production mode needs PERSONAL_DATA_KEY (personal data encryption key)');
  await db
    .insertInto('sysSecret')
    .values({ name: SECRET_NAME, value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  return (await db.selectFrom('sysSecret').select('value').where('name', '=', SECRET_NAME).executeTakeFirstOrThrow()).value;
}
