import {
  ASSOCIATION_LEADER_TYPES,
  MEMBER_KIND_LABELS,
  MEMBER_RESOURCE,
  MEMBER_STATUS,
  type LeaderPostView,
  type Membership,
  type RepresentedMember,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { resolveScope } from '../../platform/access/scope.js';
import { profileScope } from './profile.access.js';
import { personLinkRepo, type CertKey } from './person-link.repo.js';

// The person link: a member person (会员库) and a person of the person base (人员库) are one person when
// their certificates match. The member module (a member person's detail) and the person base (a person's
// 会员身份) both read it here, so neither module imports the other.

/**
 * The member identities (会员身份) of a person of the person base: the member persons with the same
 * certificate inside the caller's member data scope, and the enterprises and groups they represent, also
 * inside that scope. Two queries whatever the number of rows. Null when the caller may not read member
 * persons at all (no 个人会员 menu): the profile then says nothing about memberships. Enterprises and
 * groups are named only to a caller holding their menu.
 */
export async function membershipsOf(db: Db, actor: Actor, cert: CertKey): Promise<Membership[] | null> {
  const [persons, enterprises, groups] = await Promise.all([
    isGranted(db, actor, 'member_person'),
    isGranted(db, actor, 'member_enterprise'),
    isGranted(db, actor, 'member_group'),
  ]);
  if (!persons) return null;
  const scope = await resolveScope(db, actor, MEMBER_RESOURCE);
  const rows = await personLinkRepo.memberPersons(db, scope, cert);
  if (!rows.length) return [];
  const kinds = [...(enterprises ? ['enterprise' as const] : []), ...(groups ? ['group' as const] : [])];
  const reps = kinds.length
    ? await personLinkRepo.representations(
        db,
        scope,
        rows.map((r) => r.id),
        kinds,
      )
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

/**
 * A member person's record in the person base: the live one with the same certificate that the caller
 * may read there (the person base's menu, scope and visibility rules); undefined when there is none or
 * it is not visible to the caller.
 */
export async function personBaseOf(db: Db, actor: Actor, cert: CertKey): Promise<{ id: string; unionId: string } | undefined> {
  if (!(await isGranted(db, actor, 'profile_person'))) return undefined;
  return personLinkRepo.personBase(db, await profileScope(db, actor), actor.isAdministrator, cert);
}

/** The data-scope resource of the leadership (association module's leader.repo.ts ASSOCIATION_RESOURCE). */
const ASSOCIATION_RESOURCE = 'association';

/**
 * The leadership posts (领导班子职务) of a person of the person base: every post held under the same
 * certificate, by org and year, in the orgs of the caller's association scope. Null when the caller may
 * not read the leadership at all (no 领导班子 menu). One query.
 */
export async function leaderPostsOf(db: Db, actor: Actor, cert: CertKey): Promise<LeaderPostView[] | null> {
  if (!(await isGranted(db, actor, 'association_leader'))) return null;
  const rows = await personLinkRepo.leaderPosts(db, await resolveScope(db, actor, ASSOCIATION_RESOURCE), cert);
  return rows.map((r) => ({
    id: String(r.id),
    deptId: String(r.deptId),
    deptName: r.deptName,
    year: Number(r.year),
    leaderType: r.leaderType,
    leaderTypeName: ASSOCIATION_LEADER_TYPES[r.leaderType] ?? String(r.leaderType),
    post: r.post,
  }));
}
