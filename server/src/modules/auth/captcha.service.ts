import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/connection.js';
import { sha256 } from '../../platform/auth/tokens.js';
import { captchaRepo } from './captcha.repo.js';

const TTL_SECONDS = 300;

/** Image captchas stored in the database (any process can check what another issued); each works once. */
export class CaptchaService {
  constructor(private readonly db: Db) {}

  async create(): Promise<{ key: string; image: string }> {
    const c = svgCaptcha.create({ size: 4, noise: 3, color: true, ignoreChars: '0oO1ilI', width: 120, height: 40, background: '#f2f6fc' });
    const key = randomUUID();
    await captchaRepo.insert(this.db, { key, answerHash: sha256(c.text.toLowerCase()), expireTime: new Date(Date.now() + TTL_SECONDS * 1000) });
    // Expired rows are swept as new ones are made, so the table stays small without a timer.
    await captchaRepo.deleteExpired(this.db);
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(c.data).toString('base64')}` };
  }

  /** Consumes the captcha whatever the answer, so one image cannot be guessed at twice. */
  async check(key: string | undefined, answer: string | undefined): Promise<boolean> {
    if (!key || !answer || key.length > 36 || answer.length > 10) return false;
    const row = await captchaRepo.take(this.db, key);
    return !!row && row.expireTime.getTime() > Date.now() && row.answerHash === sha256(answer.trim().toLowerCase());
  }
}
