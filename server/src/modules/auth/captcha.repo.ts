import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** Image captchas' answers (hashed), shared by every process through the database. */
export const captchaRepo = {
  insert(db: Db, row: { key: string; answerHash: string; expireTime: Date }) {
    return db.insertInto('authCaptcha').values(row).execute();
  },

  async deleteExpired(db: Db): Promise<void> {
    await db
      .deleteFrom('authCaptcha')
      .where('expireTime', '<', sql<Date>`now()`)
      .execute();
  },

  /** Deletes the captcha and returns its answer hash and expiry: each captcha is read once. */
  take(db: Db, key: string) {
    return db.deleteFrom('authCaptcha').where('key', '=', key).returning(['answerHash', 'expireTime']).executeTakeFirst();
  },
};
