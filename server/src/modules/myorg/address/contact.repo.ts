import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../../db/connection.js';
import type { AocOrgContactTable } from '../../../db/schema-myorg-contact.js';
import { scopePredicate, scopedTable, type DataScope } from '../../../platform/access/scope.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { USER_RESOURCE } from '../../user/user.repo.js';

/**
 * The contact-only entries of the address books (aoc_org_contact, README deviation 44): limited by the same
 * user data scope as the accounts of the books (a contact's org must lie in it; "own records" are those the
 * caller added).
 */
export const CONTACT_TABLE = scopedTable({
  resource: USER_RESOURCE,
  table: 'aoc_org_contact',
  alias: 'c',
  deptColumn: 'dept_id',
  ownerColumn: 'create_user',
  where: 'is_deleted = 0',
});

export interface ContactRow {
  id: string;
  deptId: string;
  deptName: string | null;
  profileTag: 'aoc' | 'coc';
  realName: string;
  sex: number | null;
  postName: string | null;
  phone: string | null;
  email: string | null;
  seq: number;
  remark: string | null;
  version: number;
  createTime: Date;
  updateTime: Date;
}

const live = (db: Db, scope: DataScope) =>
  db
    .selectFrom('aocOrgContact as c')
    .where('c.tenantId', '=', scope.actor.tenantId)
    .where('c.isDeleted', '=', 0)
    .where((eb) => scopePredicate(eb, scope, CONTACT_TABLE.columns));

export const contactRepo = {
  /** The live contacts among the ids that lie inside the scope, with their orgs' names. */
  findMany(db: Db, scope: DataScope, ids: string[]): Promise<ContactRow[]> {
    if (!ids.length) return Promise.resolve([]);
    return live(db, scope)
      .leftJoin('bladeDept as d', 'd.id', 'c.deptId')
      .select([
        'c.id',
        'c.deptId',
        'd.deptName',
        'c.profileTag',
        'c.realName',
        'c.sex',
        'c.postName',
        'c.phone',
        'c.email',
        'c.seq',
        'c.remark',
        'c.version',
        'c.createTime',
        'c.updateTime',
      ])
      .where('c.id', 'in', ids)
      .orderBy('c.id')
      .execute() as Promise<ContactRow[]>;
  },

  async insert(db: Db, values: Insertable<AocOrgContactTable>): Promise<string> {
    const r = await db.insertInto('aocOrgContact').values(values).returning('id').executeTakeFirstOrThrow();
    return String(r.id);
  },

  /** Updates the live contact inside the scope at `version`; undefined when it is stale. */
  update(db: Db, scope: DataScope, id: string, version: number, values: Updateable<AocOrgContactTable>) {
    return updateAtVersion(db, 'aocOrgContact', id, version, values, {
      tenantId: scope.actor.tenantId,
      alias: 'c',
      where: (eb) => scopePredicate(eb, scope, CONTACT_TABLE.columns),
    });
  },

  setSeq(db: Db, scope: DataScope, id: string, seq: number, userId: string) {
    return db
      .updateTable('aocOrgContact as c')
      .set({ seq, updateUser: userId, updateTime: sql`now()` })
      .where('c.id', '=', id)
      .where('c.tenantId', '=', scope.actor.tenantId)
      .where('c.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, CONTACT_TABLE.columns))
      .executeTakeFirst();
  },

  remove(db: Db, scope: DataScope, ids: string[], userId: string): Promise<number> {
    return softDeleteByIds(db, 'aocOrgContact', ids, userId, {
      tenantId: scope.actor.tenantId,
      alias: 'c',
      where: (eb) => scopePredicate(eb, scope, CONTACT_TABLE.columns),
    });
  },

  /**
   * The place after the last entry of one book (an org and a tag): accounts in the book and contacts share
   * one seq space, so a new contact comes last in the order the book shows.
   */
  async nextSeq(db: Db, tenantId: string, deptId: string, tag: 'aoc' | 'coc'): Promise<number> {
    const r = await sql<{ top: number | null }>`
      select max(s) as top from (
        select max(u.seq) as s from blade_user u
         where u.tenant_id = ${tenantId} and u.dept_id = ${deptId}::bigint and u.is_deleted = 0 and u.is_address_book = 1 and u.profile_tag = ${tag}
        union all
        select max(c.seq) from aoc_org_contact c
         where c.tenant_id = ${tenantId} and c.dept_id = ${deptId}::bigint and c.is_deleted = 0 and c.profile_tag = ${tag}
      ) x`.execute(db);
    return Math.min(Number(r.rows[0]?.top ?? 0) + 1, 1_000_000);
  },
};
