import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import {
  AI_SHARE_PATHS,
  MSG,
  SHARE_DAYS_DEFAULT,
  SHARE_MSG,
  shareCreateBody,
  shareCreated,
  shareList,
  shareListQuery,
  shareRevokeBody,
  shareView,
  shareViewQuery,
  type ResumeKind,
  type ResumeLine,
  type ShareItem,
  type ShareView,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { withMsg } from '../../platform/http/envelope.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { route } from '../../platform/http/route.js';
import { formatTime } from '../../platform/http/time.js';
import { selfOrigin } from '../auth/portal-origin.js';
import { resumeKinds, type KindRoutes } from '../airesume/airesume.module.js';
import { resumeService } from '../airesume/airesume.service.js';

const TAGS = ['ai'];
const DAY_MS = 24 * 60 * 60 * 1000;

/** The code travels in the link; the table keeps its SHA-256 only. */
const hashOf = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');
const parseLines = (v: unknown): ResumeLine[] => (typeof v === 'string' ? (JSON.parse(v) as ResumeLine[]) : ((v as ResumeLine[] | null) ?? []));

/**
 * 分享链接 of a published AI 简历 (specification §2 public route /subapp/static/share, README deviation 65).
 * create/list/revoke are for signed-in users: a résumé is addressed through the AI 简历 module's own scoped
 * lookup (resumeKinds: the member's scoped detail, the chamber's association scope; 404 outside it), and
 * only a published one can be shared. view is public ('open', rate-limited): the random code names one
 * live share and answers the published lines' text with the 「AI生成」 label and nothing else.
 */
export default async function aiShareModule(app: FastifyInstance) {
  const db: Db = app.db;
  const tz = app.config.timeZone;
  const kinds = new Map<ResumeKind, KindRoutes>(resumeKinds(app).map((k) => [k.kind, k]));
  const reads = [...kinds.values()].map((k) => k.read);

  /** The kind's definition, once the caller may read résumés of that kind (else 403, like the résumé routes). */
  const kindFor = async (actor: Actor, kind: ResumeKind): Promise<KindRoutes> => {
    const def = kinds.get(kind)!;
    if (!(await isGranted(db, actor, def.read))) throw forbidden(MSG.forbidden);
    return def;
  };

  const item = (r: { id: string; createdBy: string; createTime: Date; expireTime: Date; revokedTime: Date | null; views: number }, now: Date): ShareItem => ({
    id: String(r.id),
    createdBy: String(r.createdBy),
    createTime: formatTime(r.createTime, tz)!,
    expireTime: formatTime(r.expireTime, tz)!,
    revokedTime: formatTime(r.revokedTime, tz),
    views: r.views,
    active: r.revokedTime === null && new Date(r.expireTime).getTime() > now.getTime(),
  });

  route(app, {
    method: 'POST',
    url: AI_SHARE_PATHS.create,
    summary: 'AI简历分享 create: 为已发布的AI简历生成只读分享链接 (kind, id, days 1–30 默认 7; 链接含随机分享码, 服务端仅保存其摘要)',
    tags: TAGS,
    access: { permission: reads },
    body: shareCreateBody,
    response: shareCreated,
    handler: async ({ actor, body, req }) => {
      const def = await kindFor(actor, body.kind);
      const svc = resumeService(def.kind, { db, timeZone: tz, model: app.services.ai, subject: def.subject });
      // The very lookup previewResume uses: outside the caller's scope, 404.
      const preview = await svc.preview(actor, body.id);
      if (!preview.published) throw badRequest(SHARE_MSG.notPublished);
      const code = randomBytes(32).toString('base64url');
      const expire = new Date(Date.now() + (body.days ?? SHARE_DAYS_DEFAULT) * DAY_MS);
      const row = await db
        .insertInto('aiShare')
        .values({
          tenantId: actor.tenantId,
          kind: def.kind,
          targetId: preview.memberId,
          subjectName: preview.memberName,
          codeHash: hashOf(code),
          createdBy: actor.userId,
          expireTime: expire,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const url = `${selfOrigin(app.config, req)}/gsl/subapp/static/share?code=${code}`;
      return withMsg({ id: String(row.id), code, url, expireTime: formatTime(expire, tz)! }, SHARE_MSG.created);
    },
  });

  route(app, {
    method: 'GET',
    url: AI_SHARE_PATHS.list,
    summary: 'AI简历分享 list: 某份AI简历的分享链接 (本人创建的; 有编辑权限者可见全部), 新的在前',
    tags: TAGS,
    access: { permission: reads },
    query: shareListQuery,
    response: shareList,
    handler: async ({ actor, query }) => {
      const def = await kindFor(actor, query.kind);
      const subject = await def.subject(actor, query.id);
      const editor = await isGranted(db, actor, def.edit);
      let q = db
        .selectFrom('aiShare')
        .select(['id', 'createdBy', 'createTime', 'expireTime', 'revokedTime', 'views'])
        .where('tenantId', '=', actor.tenantId)
        .where('kind', '=', def.kind)
        .where('targetId', '=', subject.id);
      if (!editor) q = q.where('createdBy', '=', actor.userId);
      const rows = await q.orderBy('id', 'desc').limit(100).execute();
      const now = new Date();
      return rows.map((r) => item(r, now));
    },
  });

  route(app, {
    method: 'POST',
    url: AI_SHARE_PATHS.revoke,
    summary: 'AI简历分享 revoke: 撤销分享链接 (ids; 创建人或有该简历编辑权限者)',
    tags: TAGS,
    access: { permission: reads },
    body: shareRevokeBody,
    handler: async ({ actor, body }) => {
      const ids = [...new Set(body.ids.split(','))];
      const rows = await db
        .selectFrom('aiShare')
        .select(['id', 'kind', 'targetId', 'createdBy'])
        .where('tenantId', '=', actor.tenantId)
        .where('id', 'in', ids)
        .execute();
      if (rows.length !== ids.length) throw notFound();
      for (const r of rows) {
        const def = kinds.get(r.kind)!;
        if (!(await isGranted(db, actor, def.read))) throw notFound();
        await def.subject(actor, String(r.targetId)); // outside the caller's scope: 404
        if (String(r.createdBy) !== actor.userId && !(await isGranted(db, actor, def.edit))) throw forbidden(SHARE_MSG.revokeDenied);
      }
      await db
        .updateTable('aiShare')
        .set({ revokedTime: new Date() })
        .where('tenantId', '=', actor.tenantId)
        .where('id', 'in', ids)
        .where('revokedTime', 'is', null)
        .execute();
      return withMsg(null, SHARE_MSG.revoked);
    },
  });

  route(app, {
    method: 'GET',
    url: AI_SHARE_PATHS.view,
    summary: 'AI简历分享 view (公开): 按分享码读取已发布的AI简历 (仅正文、名称、「AI生成」标识、分享人姓名与有效期; 无效、过期或已撤销为 404)',
    tags: TAGS,
    access: { public: 'open' },
    rateLimit: { max: 60, timeWindow: 60_000 },
    query: shareViewQuery,
    response: shareView,
    handler: async ({ query }): Promise<ShareView> => {
      const share = await db
        .selectFrom('aiShare as s')
        .innerJoin('bladeUser as u', (j) => j.onRef('u.id', '=', 's.createdBy').onRef('u.tenantId', '=', 's.tenantId'))
        .select(['s.id', 's.tenantId', 's.kind', 's.targetId', 's.subjectName', 's.expireTime', 'u.realName', 'u.account'])
        .where('s.codeHash', '=', hashOf(query.code))
        .where('s.revokedTime', 'is', null)
        .where('s.expireTime', '>', new Date())
        .where('u.isDeleted', '=', 0)
        .where('u.status', '=', 1)
        .executeTakeFirst();
      if (!share) throw notFound(SHARE_MSG.invalid);
      const resume = await db
        .selectFrom('aiResume')
        .select(['publishedLines', 'method', 'model', 'generatedAt', 'approveUserName', 'approveTime'])
        .where('tenantId', '=', share.tenantId)
        .where('kind', '=', share.kind)
        .where('memberId', '=', share.targetId)
        .where('publishedLines', 'is not', null)
        .where('approveTime', 'is not', null)
        .executeTakeFirst();
      if (!resume) throw notFound(SHARE_MSG.invalid);
      await db
        .updateTable('aiShare')
        .set({ views: sql`views + 1` })
        .where('id', '=', share.id)
        .execute();
      return {
        kind: share.kind,
        subjectName: share.subjectName,
        lines: parseLines(resume.publishedLines).map((l) => l.text),
        aiGenerated: true,
        generator: { aiGenerated: true, method: resume.method, model: resume.model, generatedAt: formatTime(resume.generatedAt, tz)! },
        approvedBy: resume.approveUserName ?? '',
        approveTime: formatTime(resume.approveTime, tz),
        sharedBy: share.realName || share.account,
        expireTime: formatTime(share.expireTime, tz)!,
      };
    },
  });
}
