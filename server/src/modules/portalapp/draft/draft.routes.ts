import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import {
  DRAFT_EXTENSIONS,
  DRAFT_MAX_BYTES,
  DRAFT_MSG,
  DRAFT_PATHS as P,
  attachLink,
  draftPageQuery,
  draftRecord,
  draftUploadQuery,
  pageOf,
  type DraftView,
} from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { resolveScope, type DataScope } from '../../../platform/access/scope.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { route } from '../../../platform/http/route.js';
import { formatTime } from '../../../platform/http/time.js';
import { attachService } from '../../resource/attach.service.js';
import { draftRepo, type DraftRow } from './draft.repo.js';

const TAGS = ['portal'];
/** Drafts belong to an org: the org-profile data scope decides which orgs' drafts a user sees. */
const RESOURCE = 'profile';

/** The first bytes of each accepted type: a renamed file cannot pass as a document. */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const SIGNATURES: Record<(typeof DRAFT_EXTENSIONS)[number], (b: Buffer) => boolean> = {
  pdf: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-',
  docx: (b) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])),
  doc: (b) => b.subarray(0, 8).equals(OLE),
  wps: (b) => b.subarray(0, 8).equals(OLE),
};
const CONTENT_TYPES: Record<(typeof DRAFT_EXTENSIONS)[number], string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  wps: 'application/vnd.ms-works',
};
const isDraftType = (ext: string): ext is (typeof DRAFT_EXTENSIONS)[number] => (DRAFT_EXTENSIONS as readonly string[]).includes(ext);

const draftView = (r: DraftRow, tz: string): DraftView => ({
  id: String(r.id),
  deptId: String(r.deptId),
  deptName: r.deptName,
  title: r.title,
  remark: r.remark,
  originalName: r.originalName,
  extension: r.extension,
  attachSize: Number(r.attachSize),
  link: attachLink(r.publicId),
  createUser: r.createUser == null ? null : String(r.createUser),
  createUserName: r.createUserName,
  createTime: formatTime(r.createTime, tz),
});

/** The org a call is about: the one named (inside the scope, else 404) or the caller's own. */
async function orgOf(db: Db, actor: Actor, scope: DataScope, deptId: string | undefined) {
  const org = await draftRepo.orgInScope(db, actor.tenantId, deptId || actor.deptId, scope);
  if (!org) throw notFound();
  return org;
}

/**
 * 草稿文件 (specification §7: POST infocontractdraft/uploadDraftFileFromAcfic): a draft document an org received
 * from 全国工商联, uploaded into the file store (a blade_attach row of category 'draft') and listed for the org
 * (infocontractdraft/page). Whoever's org-profile scope covers the org reads its drafts and downloads their
 * files; another org's drafts are invisible (404).
 */
export async function draftRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const files = app.services.files;
  const attach = attachService({ files, referrers: app.services.attachReferrers });
  const max = Math.min(DRAFT_MAX_BYTES, app.config.fileMaxBytes);
  const maxMb = Math.max(1, Math.floor(max / 1024 / 1024));

  // A draft's file is readable by whoever may list the org's drafts.
  app.services.attachReferrers.register('contract-draft', async (rdb, actor, link) => {
    const publicId = new URL(link, 'http://x').searchParams.get('id');
    return !!publicId && draftRepo.holdsInScope(rdb, await resolveScope(rdb, actor, RESOURCE), publicId);
  });

  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { files: 1, fields: 5, fileSize: max + 1, fieldSize: 1000 } });

    route(scoped, {
      method: 'POST',
      url: P.upload,
      summary: 'infocontractdraft uploadDraftFileFromAcfic: 上传全国工商联下发的草稿文件 (multipart file: doc/docx/wps/pdf; deptId 默认本机构, title, remark)',
      tags: TAGS,
      access: { permission: 'authenticated' },
      query: draftUploadQuery,
      consumes: ['multipart/form-data'],
      scope: { resource: RESOURCE, record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } },
      response: draftRecord,
      handler: async ({ req, actor, query }) => {
        // The org first: one outside the scope is 404 whatever the body (nothing tells it exists).
        const scope = await resolveScope(db, actor, RESOURCE);
        const org = await orgOf(db, actor, scope, query.deptId);
        if (!req.isMultipart()) throw badRequest(DRAFT_MSG.notMultipart);
        const file = await req.file().catch((err: unknown) => {
          throw (err as { code?: string }).code === 'FST_FILES_LIMIT' ? badRequest(DRAFT_MSG.oneFile) : badRequest(DRAFT_MSG.malformed);
        });
        if (!file) throw badRequest(DRAFT_MSG.fileRequired);
        const originalName = path.basename(file.filename || '').slice(0, 255);
        const ext = path.extname(originalName).slice(1).toLowerCase();
        if (!isDraftType(ext)) {
          file.file.resume();
          throw badRequest(DRAFT_MSG.typeBad);
        }
        const buffer = await file.toBuffer().catch((err: unknown) => {
          throw (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? badRequest(DRAFT_MSG.tooLarge(maxMb)) : badRequest(DRAFT_MSG.malformed);
        });
        if (buffer.length > max) throw badRequest(DRAFT_MSG.tooLarge(maxMb));
        if (buffer.length === 0) throw badRequest(DRAFT_MSG.empty);
        if (!SIGNATURES[ext](buffer)) throw badRequest(DRAFT_MSG.contentBad);

        const key = `${actor.tenantId}/${new Date().toISOString().slice(0, 10)}/${randomUUID()}.${ext}`;
        await files.put(key, Readable.from([buffer]));
        const title = (query.title || path.basename(originalName, path.extname(originalName)) || originalName).slice(0, 100);
        let id: string;
        try {
          id = await db.transaction().execute(async (tx) => {
            const stored = await attach.store(tx, {
              tenantId: actor.tenantId,
              storageKey: key,
              originalName,
              extension: ext,
              contentType: CONTENT_TYPES[ext],
              attachSize: buffer.length,
              category: 'draft',
              createUser: actor.userId,
              createDept: actor.deptId,
            });
            return draftRepo.insert(tx, {
              tenantId: actor.tenantId,
              deptId: String(org.id),
              attachId: stored.id,
              title,
              remark: query.remark || null,
              userId: actor.userId,
              userDept: actor.deptId,
            });
          });
        } catch (err) {
          await files.remove(key); // no row points at the bytes
          throw err;
        }
        const row = await draftRepo.find(db, actor.tenantId, id);
        return withMsg(draftView(row!, tz), DRAFT_MSG.uploaded);
      },
    });
  });

  route(app, {
    method: 'GET',
    url: P.page,
    summary: 'infocontractdraft page: 本机构收到的草稿文件 (deptId 默认本机构, 范围外为 404; title 包含; 上传时间新的在前)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: draftPageQuery,
    scope: { resource: RESOURCE, record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } },
    response: pageOf(draftRecord),
    handler: async ({ actor, query }) => {
      const scope = await resolveScope(db, actor, RESOURCE);
      const org = await orgOf(db, actor, scope, query.deptId);
      const page = await draftRepo.page(db, actor.tenantId, query, { deptId: String(org.id), title: query.title });
      return { ...page, records: page.records.map((r) => draftView(r, tz)) };
    },
  });

  removeRoute(app, {
    url: P.remove,
    summary: 'infocontractdraft remove: 删除草稿文件及其文件 (ids 逗号分隔; 任一不在范围内则全部不删, 404)',
    tags: TAGS,
    permission: 'authenticated',
    remove: async (ids, actor) => {
      const scope = await resolveScope(db, actor, RESOURCE);
      const keys = await db.transaction().execute(async (tx) => {
        const rows = await draftRepo.lockInScope(tx, actor.tenantId, scope, ids);
        if (rows.length !== ids.length) throw notFound();
        const attachIds = rows.map((r) => String(r.attachId));
        const stored = await tx.selectFrom('bladeAttach').select('storageKey').where('id', 'in', attachIds).execute();
        await draftRepo.markDeleted(tx, actor.userId, ids, attachIds);
        return stored.map((s) => s.storageKey);
      });
      // The bytes go once no live row points at them.
      const still = keys.length
        ? new Set(
            (await db.selectFrom('bladeAttach').select('storageKey').where('storageKey', 'in', keys).where('isDeleted', '=', 0).execute()).map(
              (r) => r.storageKey,
            ),
          )
        : new Set<string>();
      for (const key of keys) if (!still.has(key)) await files.remove(key);
    },
  });
}
