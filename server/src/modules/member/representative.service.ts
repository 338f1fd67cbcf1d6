import { maskCert, maskPhone, MEMBER_MSG, type RepresentativeSave, type RepresentativeView } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import type { PersonalDataCipher } from '../../platform/audit/personal-data.js';
import { dbErrorCode } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { PERSON, type MemberKindDef } from './member.kinds.js';
import { memberRepo } from './member.repo.js';
import type { MemberService } from './member.service.js';
import { representativeRepo, type RepresentedKind } from './representative.repo.js';

/**
 * 会员代表 of an enterprise or group member: links to person member records. A representative is
 * scoped like its member (dept_id kept equal to the member's); the person must be visible to the caller.
 */
export function representativeService(kind: MemberKindDef, members: MemberService, db: Db, cipher: () => Promise<PersonalDataCipher>) {
  const memberKind = kind.kind as RepresentedKind;
  return {
    async list(actor: Actor, memberId: string, unmasked: boolean): Promise<RepresentativeView[]> {
      const scope = await members.scopeOf(actor);
      if (!(await memberRepo.findById(db, kind, scope, memberId))) throw notFound();
      const rows = await representativeRepo.list(db, memberKind, memberId);
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
        return await representativeRepo.insert(db, {
          tenantId: actor.tenantId,
          memberKind,
          memberId: input.memberId,
          deptId: member.deptId,
          personId: input.personId,
          title: input.title ?? null,
          sort: input.sort ?? 0,
          createUser: actor.userId,
        });
      } catch (err) {
        if (dbErrorCode(err) === '23505') throw badRequest(MEMBER_MSG.repExists);
        throw err;
      }
    },

    /** Removes every id or none (an id of another member kind, outside the scope or gone: 404). */
    async remove(actor: Actor, ids: string[]): Promise<number> {
      const scope = await members.scopeOf(actor);
      return db.transaction().execute(async (tx) => {
        const found = await representativeRepo.lockInScope(tx, scope, memberKind, ids);
        if (found.length !== ids.length) throw notFound();
        return representativeRepo.softDelete(tx, ids);
      });
    },
  };
}
