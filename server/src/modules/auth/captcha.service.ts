import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { sha256 } from '../../platform/auth/tokens.js';

const TTL_SECONDS = 300;

/** Image captchas stored in the database (any process can check what another issued); each works once. */
export class CaptchaService {
  constructor(private readonly db: Db) {}

  async create(): Promise<{ key: string; image: string }> {
    const c = svgCaptcha.create({ size: 4, noise: 3, color: true, ignoreChars: '0oO1ilI', width: 120, height: 40, background: '#f2f6fc' });
    const key = randomUUID();
    await this.db
      .insertInto('authCaptcha')
      .values({ key, answerHash: sha256(c.text.toLowerCase()), expireTime: new Date(Date.now() + TTL_SECONDS * 1000) })
      .execute();
    // Expired rows are swept as new ones are made, so the table stays small without a timer.
    await this.db
      .deleteFrom('authCaptcha')
      .where('expireTime', '<', sql<Date>`now()`)
      .execute();
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  }

  /** Consumes the captcha whatever the answer, so one image cannot be guessed at twice. */
  async check(key: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!key || !answer || key.length > 36 || answer.length > 10) return false;
    const row = await this.db.deleteFrom('authCaptcha').where('key', '=', key).returning(['answerHash', 'expireTime']).executeTakeFirst();
    return !!row && row.expireTime.getTime() > Date.now() && row.answerHash === sha256(answer.trim().toLowerCase());
  }
}
