import type { Db } from '../../db/connection.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';

/** The member kinds that have 会员代表 (aoc_member_representative.member_kind). */
export type RepresentedKind = 'enterprise' | 'group';

/** 会员代表: links from enterprise and group members to person members, scoped by the member's org. */
export const representativeRepo = {
  /** The member's live representatives whose persons are live, with the persons' fields (personal data encrypted), in order. */
  list(db: Db, memberKind: RepresentedKind, memberId: string) {
    return db
      .selectFrom('aocMemberRepresentative as r')
      .innerJoin('aocMemberPerson as p', 'p.id', 'r.personId')
      .select([
        'r.id',
        'r.memberId',
        'r.personId',
        'r.title',
        'r.sort',
        'p.name',
        'p.certType',
        'p.certNoEnc',
        'p.phoneEnc',
        'p.company',
        'p.post',
        'p.isDeleted',
      ])
      .where('r.memberKind', '=', memberKind)
      .where('r.memberId', '=', memberId)
      .where('r.isDeleted', '=', 0)
      .where('p.isDeleted', '=', 0)
      .orderBy('r.sort')
      .orderBy('r.id')
      .limit(5000)
      .execute();
  },

  async insert(
    db: Db,
    values: {
      tenantId: string;
      memberKind: RepresentedKind;
      memberId: string;
      deptId: string;
      personId: string;
      title: string | null;
      sort: number;
      createUser: string;
    },
  ): Promise<string> {
    const row = await db.insertInto('aocMemberRepresentative').values(values).returning('id').executeTakeFirstOrThrow();
    return String(row.id);
  },

  /** The live representatives of the kind among the ids inside the scope, locked until the transaction ends. */
  lockInScope(tx: Db, scope: DataScope, memberKind: RepresentedKind, ids: string[]): Promise<Array<{ id: string }>> {
    return tx
      .selectFrom('aocMemberRepresentative as r')
      .select('r.id')
      .where('r.id', 'in', ids)
      .where('r.memberKind', '=', memberKind)
      .where('r.isDeleted', '=', 0)
      .where('r.tenantId', '=', scope.actor.tenantId)
      .where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId', owner: 'r.createUser' }))
      .forUpdate()
      .execute();
  },

  async softDelete(tx: Db, ids: string[]): Promise<number> {
    const r = await tx.updateTable('aocMemberRepresentative').set({ isDeleted: 1 }).where('id', 'in', ids).executeTakeFirst();
    return Number(r.numUpdatedRows);
  },

  /** A representative's dept_id follows its member's, so the member scope covers it. */
  async moveWithMember(tx: Db, memberKind: RepresentedKind, memberId: string, deptId: string): Promise<void> {
    await tx.updateTable('aocMemberRepresentative').set({ deptId }).where('memberKind', '=', memberKind).where('memberId', '=', memberId).execute();
  },
};
