import { ADDRESS_MSG, CONTACT_MSG, STALE_VERSION_MSG, type OrgContactSubmit, type PermissionCode } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { isGranted } from '../../../platform/access/grants.js';
import { resolveScope, type DataScope } from '../../../platform/access/scope.js';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors.js';
import { USER_RESOURCE } from '../../user/user.repo.js';
import { addressRepo } from './address.repo.js';
import { contactRepo, type ContactRow } from './contact.repo.js';

/** Who maintains a contact: the 维护 of its book (工商联通讯录 for aoc, 商会通讯录 for coc) or 用户管理's user_edit. */
const EDIT_OF_TAG: Record<'aoc' | 'coc', PermissionCode> = { aoc: 'myorg_gsl_address_edit', coc: 'myorg_sh_address_edit' };
const FEDERATION = 1;

async function mayEdit(db: Db, actor: Actor, tags: Iterable<'aoc' | 'coc'>): Promise<void> {
  if (await isGranted(db, actor, 'user_edit')) return;
  for (const tag of new Set(tags)) if (!(await isGranted(db, actor, EDIT_OF_TAG[tag]))) throw forbidden(ADDRESS_MSG.noEdit);
}

const scopeOf = (db: Db, actor: Actor) => resolveScope(db, actor, USER_RESOURCE);

/** Every id among the live contacts inside the scope, else 404 (nothing is changed). */
async function allInScope(db: Db, scope: DataScope, ids: string[]): Promise<ContactRow[]> {
  const rows = await contactRepo.findMany(db, scope, ids);
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

/** The org a contact is put in: one inside the user data scope (the caller's own when none is named). */
async function orgOf(db: Db, actor: Actor, scope: DataScope, deptId: string | undefined) {
  const org = deptId ? await addressRepo.orgInScope(db, scope, { id: deptId }) : await addressRepo.ownOrg(db, actor.tenantId, actor.deptId);
  if (!org) throw badRequest(CONTACT_MSG.deptOutOfScope);
  return org;
}

/**
 * The contact-only entries of 我的组织's address books (README deviation 44): added to, changed in, ordered in
 * and removed from an org's book inside the user data scope (another org's contact answers 404), by the
 * holders of that book's 维护.
 */
export const contactService = {
  async detail(db: Db, actor: Actor, id: string): Promise<ContactRow> {
    const [row] = await allInScope(db, await scopeOf(db, actor), [id]);
    return row;
  },

  /** Adds (no id) or updates (id at version) a contact; answers it and whether it was added. */
  async submit(db: Db, actor: Actor, input: OrgContactSubmit): Promise<{ row: ContactRow; created: boolean }> {
    const scope = await scopeOf(db, actor);
    const fields = {
      realName: input.realName,
      ...(input.sex === undefined ? {} : { sex: input.sex }),
      ...(input.postName === undefined ? {} : { postName: input.postName }),
      ...(input.phone === undefined ? {} : { phone: input.phone }),
      ...(input.email === undefined ? {} : { email: input.email }),
      ...(input.remark === undefined ? {} : { remark: input.remark }),
      ...(input.seq === undefined ? {} : { seq: input.seq }),
    };
    if (!input.id) {
      const org = await orgOf(db, actor, scope, input.deptId || undefined);
      const tag = input.profileTag ?? (org.deptCategory === FEDERATION ? 'aoc' : 'coc');
      await mayEdit(db, actor, [tag]);
      const seq = input.seq ?? (await contactRepo.nextSeq(db, actor.tenantId, org.id, tag));
      const id = await contactRepo.insert(db, {
        ...fields,
        tenantId: actor.tenantId,
        deptId: org.id,
        profileTag: tag,
        seq,
        createUser: actor.userId,
        createDept: actor.deptId,
        updateUser: actor.userId,
      });
      return { row: (await contactRepo.findMany(db, scope, [id]))[0], created: true };
    }
    const [current] = await allInScope(db, scope, [input.id]);
    const tag = input.profileTag ?? current.profileTag;
    await mayEdit(db, actor, [current.profileTag, tag]);
    const deptId = input.deptId && input.deptId !== String(current.deptId) ? (await orgOf(db, actor, scope, input.deptId)).id : undefined;
    const updated = await contactRepo.update(db, scope, input.id, input.version!, {
      ...fields,
      profileTag: tag,
      ...(deptId ? { deptId } : {}),
      updateUser: actor.userId,
    });
    if (!updated) throw badRequest(STALE_VERSION_MSG);
    return { row: (await contactRepo.findMany(db, scope, [input.id]))[0], created: false };
  },

  /** Removes contacts (soft): all of them or none. */
  async remove(db: Db, actor: Actor, ids: string[]): Promise<void> {
    const scope = await scopeOf(db, actor);
    await db.transaction().execute(async (tx) => {
      const rows = await allInScope(tx, scope, ids);
      await mayEdit(
        tx,
        actor,
        rows.map((r) => r.profileTag),
      );
      if ((await contactRepo.remove(tx, scope, ids, actor.userId)) !== ids.length) throw notFound();
    });
  },

  /** The contacts' places in their books (the accounts' go by changeUserSeq, in the same seq space), in one transaction. */
  async changeSeq(db: Db, actor: Actor, items: Array<{ id: string; seq: number }>): Promise<void> {
    const ids = items.map((i) => i.id);
    if (new Set(ids).size !== ids.length) throw badRequest(CONTACT_MSG.duplicate);
    const scope = await scopeOf(db, actor);
    await db.transaction().execute(async (tx) => {
      const rows = await allInScope(tx, scope, ids);
      await mayEdit(
        tx,
        actor,
        rows.map((r) => r.profileTag),
      );
      for (const item of items) await contactRepo.setSeq(tx, scope, item.id, item.seq, actor.userId);
    });
  },
};
