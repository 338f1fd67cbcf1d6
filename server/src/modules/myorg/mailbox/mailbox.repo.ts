import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { AocOrgMailboxTable } from '../../../db/schema-myorg-mailbox.js';
import { updateAtVersion } from '../../../platform/db/versioned.js';

/** The mailbox columns a screen or a delivery reads (the password still encrypted). */
const COLUMNS = [
  'm.id',
  'm.deptId',
  'm.host',
  'm.port',
  'm.security',
  'm.account',
  'm.passwordEnc',
  'm.displayName',
  'm.status',
  'm.testTime',
  'm.testOk',
  'm.testMessage',
  'm.version',
  'm.updateTime',
] as const;

/**
 * 邮箱配置: one live row per org (tenant_id, dept_id). Every method is addressed by the org itself — the
 * caller's own dept for the screen, the sending org for a delivery — never by a row id a client sends.
 */
export const mailboxRepo = {
  /** The org's live mailbox, with the org's name (the dept row is always there for a signed-in user's org). */
  async ofOrg(db: Db, tenantId: string, deptId: string) {
    return db
      .selectFrom('bladeDept as d')
      .leftJoin('aocOrgMailbox as m', (j) => j.onRef('m.deptId', '=', 'd.id').onRef('m.tenantId', '=', 'd.tenantId').on('m.isDeleted', '=', 0))
      .select(['d.deptName', ...COLUMNS])
      .where('d.id', '=', deptId)
      .where('d.tenantId', '=', tenantId)
      .where('d.isDeleted', '=', 0)
      .executeTakeFirst();
  },

  /** The org's enabled mailbox for sending (null when it has none or it is off). */
  async enabledOf(db: Db, tenantId: string, deptId: string) {
    return db
      .selectFrom('aocOrgMailbox as m')
      .select(['m.host', 'm.port', 'm.security', 'm.account', 'm.passwordEnc', 'm.displayName'])
      .where('m.tenantId', '=', tenantId)
      .where('m.deptId', '=', deptId)
      .where('m.isDeleted', '=', 0)
      .where('m.status', '=', 1)
      .executeTakeFirst();
  },

  async insert(db: Db, values: Insertable<AocOrgMailboxTable>): Promise<string> {
    const row = await db.insertInto('aocOrgMailbox').values(values).returning('id').executeTakeFirstOrThrow();
    return String(row.id);
  },

  /** Updates the org's row at the version read; undefined when it is stale. */
  update(db: Db, tenantId: string, deptId: string, id: string, version: number, values: Updateable<AocOrgMailboxTable>) {
    return updateAtVersion(db, 'aocOrgMailbox', id, version, values, { tenantId, where: (eb) => eb('deptId', '=', deptId) });
  },

  /** Remembers the outcome of a test send (no version change: the settings are the same). */
  async recordTest(db: Db, tenantId: string, deptId: string, outcome: { ok: boolean; message: string | null }): Promise<void> {
    await db
      .updateTable('aocOrgMailbox')
      .set({ testTime: new Date(), testOk: outcome.ok ? 1 : 0, testMessage: outcome.message?.slice(0, 500) ?? null })
      .where('tenantId', '=', tenantId)
      .where('deptId', '=', deptId)
      .where('isDeleted', '=', 0)
      .execute();
  },
};
