import { maskCert, maskPhone, MEMBER_MSG, type RepresentativeSave, type RepresentativeView } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { scopePredicate } from '../../platform/access/scope.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { PERSON, type MemberKindDef } from './member.kinds.js';
import { memberRepo } from './member.repo.js';
import type { MemberService } from './member.service.js';

/**
 * 会员代表 of an enterprise or group member: links to person member records. A representative is
 * scoped like its member (dept_id kept equal to the member's); the person must be visible to the caller.
 */
export function representativeService(kind: MemberKindDef, members: MemberService, db: Db, cipher: () => Promise<PersonalDataCipher>) {
  const memberKind = kind.kind as 'enterprise' | 'group';
  return {
    async list(actor: Actor, memberId: string, unmasked: boolean): Promise<RepresentativeView[]> {
      const scope = await members.scopeOf(actor);
      if (!(await memberRepo.findById(db, kind, scope, memberId))) throw notFound();
      const rows = await db
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
      const c = await cipher();
      return rows.map((r) => {
        const certNo = c.decrypt(r.certNoEnc);
        const phone = r.phoneEnc ? c.decrypt(r.phoneEnc) : null;
        return {
          id: String(r.id),
          memberId: String(r.memberId),
          personId: String(r.personId),
          title: r.title,
          sort: r.sort,
          name: r.name,
          certType: r.certType,
          certNo: unmasked ? certNo : maskCert(certNo),
          phone: unmasked ? phone : maskPhone(phone),
          company: r.company,
          post: r.post,
        };
      });
    },

    async save(actor: Actor, input: RepresentativeSave): Promise<string> {
      const scope = await members.scopeOf(actor);
      const member = await memberRepo.findById(db, kind, scope, input.memberId);
      if (!member) throw notFound();
      if (!(await memberRepo.findById(db, PERSON, scope, input.personId))) throw badRequest(MEMBER_MSG.personNotFound);
      try {
        const row = await db
          .insertInto('aocMemberRepresentative')
          .values({
            tenantId: actor.tenantId,
            memberKind,
            memberId: input.memberId,
            deptId: member.deptId,
            personId: input.personId,
            title: input.title ?? null,
            sort: input.sort ?? 0,
            createUser: actor.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return String(row.id);
      } catch (err) {
        if (dbErrorCode(err) === '23505') throw badRequest(MEMBER_MSG.repExists);
        throw err;
      }
    },

    /** Removes every id or none (an id of another member kind, outside the scope or gone: 404). */
    async remove(actor: Actor, ids: string[]): Promise<number> {
      const scope = await members.scopeOf(actor);
      return db.transaction().execute(async (tx) => {
        const found = await tx
          .selectFrom('aocMemberRepresentative as r')
          .select('r.id')
          .where('r.id', 'in', ids)
          .where('r.memberKind', '=', memberKind)
          .where('r.isDeleted', '=', 0)
          .where('r.tenantId', '=', actor.tenantId)
          .where((eb) => scopePredicate(eb, scope, { dept: 'r.deptId', owner: 'r.createUser' }))
          .forUpdate()
          .execute();
        if (found.length !== ids.length) throw notFound();
        const r = await tx.updateTable('aocMemberRepresentative').set({ isDeleted: 1 }).where('id', 'in', ids).executeTakeFirst();
        return Number(r.numUpdatedRows);
      });
    },
  };
}
