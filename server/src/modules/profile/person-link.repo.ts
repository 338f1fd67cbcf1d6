import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { personAccess } from './profile.repo.js';

/** A person's certificate as both bases key it: type and keyed hash (tenant-wide unique in each base). */
export interface CertKey {
  certType: number;
  certNoHash: string;
}

/**
 * The SQL of the person link: member persons (aoc_member_person) and the person base (aoc_person_base)
 * hash certificates with the same cipher, so one person is found in either base by type and hash.
 */
export const personLinkRepo = {
  /** The live member persons with the certificate inside the member scope (at most 100, by id). */
  memberPersons(db: Db, scope: DataScope, cert: CertKey) {
    return db
      .selectFrom('aocMemberPerson as m')
      .leftJoin('bladeDept as d', 'd.id', 'm.deptId')
      .select(['m.id', 'm.name', 'm.deptId', 'd.deptName', 'm.status'])
      .where('m.tenantId', '=', scope.actor.tenantId)
      .where('m.certType', '=', cert.certType)
      .where('m.certNoHash', '=', cert.certNoHash)
      .where('m.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'm.deptId', owner: 'm.createUser' }))
      .orderBy('m.id')
      .limit(100)
      .execute();
  },

  /** The live enterprises and groups (of the kinds given) the persons represent, inside the member scope, in each person's order. */
  representations(db: Db, scope: DataScope, personIds: string[], kinds: Array<'enterprise' | 'group'>) {
    return db
      .selectFrom('aocMemberRepresentative as r')
      .leftJoin('aocMemberEnterprise as e', (j) => j.onRef('e.id', '=', 'r.memberId').on('r.memberKind', '=', 'enterprise').on('e.isDeleted', '=', 0))
      .leftJoin('aocMemberGroup as g', (j) => j.onRef('g.id', '=', 'r.memberId').on('r.memberKind', '=', 'group').on('g.isDeleted', '=', 0))
      .select(['r.id', 'r.personId', 'r.memberKind', 'r.memberId', 'r.title', 'e.name as enterpriseName', 'g.name as groupName'])
      .where('r.personId', 'in', personIds)
      .where('r.memberKind', 'in', kinds)
      .where('r.isDeleted', '=', 0)
      .where('r.tenantId', '=', scope.actor.tenantId)
      .where((eb) => eb.or([eb('e.id', 'is not', null), eb('g.id', 'is not', null)]))
      .where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId', owner: 'r.createUser' }))
      .orderBy('r.personId')
      .orderBy('r.sort')
      .orderBy('r.id')
      .limit(1000)
      .execute();
  },

  /**
   * The leadership posts (aoc_association_leader) held by the certificate in the orgs inside the
   * association scope, newest year first, in the team's order of posts (idx_association_leader_cert).
   */
  leaderPosts(db: Db, scope: DataScope, cert: CertKey) {
    return db
      .selectFrom('aocAssociationLeader as l')
      .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
      .select(['l.id', 'l.deptId', 'd.deptName', 'l.year', 'l.leaderType', 'l.post'])
      .where('l.tenantId', '=', scope.actor.tenantId)
      .where('l.certType', '=', cert.certType)
      .where('l.certNoHash', '=', cert.certNoHash)
      .where('l.isDeleted', '=', 0)
      .where((eb) => scopePredicate(eb, scope, { dept: 'l.deptId', owner: 'l.createUser' }))
      .orderBy('l.year', 'desc')
      .orderBy(sql`array_position(array[5, 6, 1, 7, 2, 3, 4]::smallint[], l.leader_type)`)
      .orderBy('l.id')
      .limit(1000)
      .execute();
  },

  /**
   * The live person of the person base with the certificate (at most one, uk_person_base_cert) when the
   * scope and the person's visibility let the actor read it (the person base detail's rule).
   */
  async personBase(db: Db, scope: DataScope, isAdministrator: boolean, cert: CertKey): Promise<{ id: string; unionId: string } | undefined> {
    const r = await db
      .selectFrom('aocPersonBase as p')
      .select(['p.id', 'p.unionId'])
      .where('p.isDeleted', '=', 0)
      .where('p.tenantId', '=', scope.actor.tenantId)
      .where('p.certType', '=', cert.certType)
      .where('p.certNoHash', '=', cert.certNoHash)
      .where((eb) => personAccess(eb, scope, isAdministrator, 'read'))
      .executeTakeFirst();
    return r && { id: String(r.id), unionId: r.unionId };
  },
};
