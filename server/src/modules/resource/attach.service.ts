import { randomBytes } from 'node:crypto';
import { attachLink, ATTACH_CATEGORIES, type AttachView } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope } from '../../platform/access/scope.js';
import type { AttachReferrers } from '../../platform/files/attach-referrers.js';
import type { FileStore } from '../../platform/files/file-store.js';
import { notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { attachRepo, ATTACH_RESOURCE, type NewAttach } from './attach.repo.js';

/** 128 random bits: links cannot be guessed or counted. */
export const newPublicId = () => randomBytes(16).toString('hex');

type ViewRow = NonNullable<Awaited<ReturnType<typeof attachRepo.findInScope>>>;

export function attachView(row: ViewRow, timeZone: string): AttachView {
  return {
    id: String(row.id),
    publicId: row.publicId,
    link: attachLink(row.publicId),
    originalName: row.originalName,
    extension: row.extension,
    contentType: row.contentType,
    attachSize: Number(row.attachSize),
    category: row.category,
    categoryName: row.category ? (ATTACH_CATEGORIES[row.category] ?? row.category) : null,
    createUser: row.createUser == null ? null : String(row.createUser),
    createUserName: row.createUserName ?? null,
    createDept: row.createDept == null ? null : String(row.createDept),
    createDeptName: row.createDeptName ?? null,
    createTime: formatTime(row.createTime, timeZone),
  };
}

export function attachService(deps: { files: FileStore; referrers: AttachReferrers }) {
  const scopeOf = (db: Db, actor: Actor) => resolveScope(db, actor, ATTACH_RESOURCE);

  return {
    async store(db: Db, row: Omit<NewAttach, 'publicId'>) {
      const publicId = newPublicId();
      const { id } = await attachRepo.insert(db, { ...row, publicId });
      return { id: String(id), publicId };
    },

    /**
     * A live file the actor may read, by public id, else 404 (never 403: nothing tells a file exists).
     * Readable: its uploader; anyone whose data scope covers the uploader's org; anyone who may read
     * a record that holds its link.
     */
    async readable(db: Db, actor: Actor, publicId: string) {
      const row = await attachRepo.findByPublicId(db, actor.tenantId, publicId);
      if (!row) throw notFound();
      if (row.createUser != null && String(row.createUser) === actor.userId) return row;
      if (await attachRepo.inScope(db, await scopeOf(db, actor), String(row.id))) return row;
      if (await deps.referrers.anyReadable(db, actor, attachLink(row.publicId))) return row;
      throw notFound();
    },

    async page(db: Db, actor: Actor, query: Parameters<typeof attachRepo.page>[2], filters: Record<string, unknown>, timeZone: string) {
      const page = await attachRepo.page(db, await scopeOf(db, actor), query, filters);
      return { ...page, records: page.records.map((r) => attachView(r as ViewRow, timeZone)) };
    },

    async detail(db: Db, actor: Actor, id: string, timeZone: string) {
      const row = await attachRepo.findInScope(db, await scopeOf(db, actor), id);
      if (!row) throw notFound();
      return attachView(row, timeZone);
    },

    /**
     * Removes the files, all or none: one id outside the scope refuses the whole list. The bytes go
     * after the commit, once no live row points at them.
     */
    async remove(db: Db, actor: Actor, ids: string[]) {
      const unique = [...new Set(ids)];
      const scope = await scopeOf(db, actor);
      const keys = await db.transaction().execute(async (tx) => {
        const rows = await attachRepo.lockInScope(tx, scope, unique);
        if (rows.length !== unique.length) throw notFound();
        await attachRepo.markDeleted(tx, unique);
        return rows.map((r) => r.storageKey);
      });
      for (const key of await attachRepo.unusedKeys(db, keys)) await deps.files.remove(key);
    },
  };
}
