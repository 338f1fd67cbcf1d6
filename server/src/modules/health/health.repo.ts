import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

export const healthRepo = {
  /** One round trip to the database; throws when it cannot be reached. */
  async ping(db: Db): Promise<void> {
    await sql`select 1`.execute(db);
  },
};
