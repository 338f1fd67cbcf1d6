import { MEMBER_KIND_LABELS, MEMBER_STATUS, type Membership, type RepresentedMember } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { resolveScope, scopePredicate } from '../../platform/access/scope.js';
import { MEMBER_RESOURCE } from './member.kinds.js';

/**
 * The member identities (会员身份) of a person of the person base: the member persons with the same
 * certificate (tenant, type, keyed hash — aoc_member_person and aoc_person_base hash with the same
 * cipher) inside the caller's member data scope, and the enterprises and groups they represent, also
 * inside that scope. Two queries whatever the number of rows. Null when the caller may not read member
 * persons at all (no 个人会员 menu): the profile then says nothing about memberships. Enterprises and
 * groups are named only to a caller holding their menu.
 */
export async function membershipsOf(db: Db, actor: Actor, cert: { certType: number; certNoHash: string }): Promise<Membership[] | null> {
  const [persons, enterprises, groups] = await Promise.all([
    isGranted(db, actor, 'member_person'),
    isGranted(db, actor, 'member_enterprise'),
    isGranted(db, actor, 'member_group'),
  ]);
  if (!persons) return null;
  const scope = await resolveScope(db, actor, MEMBER_RESOURCE);
  const rows = await db
    .selectFrom('aocMemberPerson as m')
    .leftJoin('bladeDept as d', 'd.id', 'm.deptId')
    .select(['m.id', 'm.name', 'm.deptId', 'd.deptName', 'm.status'])
    .where('m.tenantId', '=', actor.tenantId)
    .where('m.certType', '=', cert.certType)
    .where('m.certNoHash', '=', cert.certNoHash)
    .where('m.isDeleted', '=', 0)
    .where((eb) => scopePredicate(eb, scope, { dept: 'm.deptId', owner: 'm.createUser' }))
    .orderBy('m.id')
    .limit(100)
    .execute();
  if (!rows.length) return [];
  const kinds = [...(enterprises ? ['enterprise' as const] : []), ...(groups ? ['group' as const] : [])];
  const reps = kinds.length
    ? await db
        .selectFrom('aocMemberRepresentative as r')
        .leftJoin('aocMemberEnterprise as e', (j) => j.onRef('e.id', '=', 'r.memberId').on('r.memberKind', '=', 'enterprise').on('e.isDeleted', '=', 0))
        .leftJoin('aocMemberGroup as g', (j) => j.onRef('g.id', '=', 'r.memberId').on('r.memberKind', '=', 'group').on('g.isDeleted', '=', 0))
        .select(['r.id', 'r.personId', 'r.memberKind', 'r.memberId', 'r.title', 'e.name as enterpriseName', 'g.name as groupName'])
        .where('r.personId', 'in', rows.map((r) => r.id))
        .where('r.memberKind', 'in', kinds)
        .where('r.isDeleted', '=', 0)
        .where('r.tenantId', '=', actor.tenantId)
        .where((eb) => eb.or([eb('e.id', 'is not', null), eb('g.id', 'is not', null)]))
        .where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId', owner: 'r.createUser' }))
        .orderBy('r.personId')
        .orderBy('r.sort')
        .orderBy('r.id')
        .limit(1000)
        .execute()
    : [];
  const byPerson = new Map<string, RepresentedMember[]>();
  for (const r of reps) {
    const list = byPerson.get(String(r.personId)) ?? [];
    list.push({
      id: String(r.id),
      memberKind: r.memberKind,
      memberKindName: MEMBER_KIND_LABELS[r.memberKind],
      memberId: String(r.memberId),
      memberName: (r.memberKind === 'enterprise' ? r.enterpriseName : r.groupName) ?? '',
      title: r.title,
    });
    byPerson.set(String(r.personId), list);
  }
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    deptId: String(r.deptId),
    deptName: r.deptName,
    status: r.status,
    statusName: MEMBER_STATUS[r.status] ?? null,
    representatives: byPerson.get(String(r.id)) ?? [],
  }));
}
