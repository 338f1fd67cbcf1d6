import type { FastifyInstance } from 'fastify';
import {
  RESUME_MSG,
  RESUME_TITLES,
  aiResume,
  resumeExportQuery,
  resumePreview,
  resumePublishBody,
  resumeQuery,
  resumeSaveBody,
  type MemberKind,
  type PermissionCode,
  type ResumeKind,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { withMsg } from '../../platform/http/envelope.js';
import { forbidden } from '../../platform/http/errors.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { ASSOCIATION_RESOURCE } from '../association/leader.repo.js';
import { MEMBER_KIND_DEFS, memberTable } from '../member/member.kinds.js';
import { memberService } from '../member/member.service.js';
import { COC_WHERE, cocSubjects } from './airesume.coc.js';
import { resumeService, type ResumeSubject } from './airesume.service.js';
import { fieldLabelsOf, residentTemplate } from './airesume.template.js';

const TAGS = ['ai'];

export interface KindRoutes {
  kind: ResumeKind;
  label: string;
  /** What the id names (会员编号 / 商会机构编号). */
  idName: string;
  read: PermissionCode;
  edit: PermissionCode;
  scope: (idFrom: `${'query' | 'body'}.${string}`) => RouteScope;
  subject: (actor: Actor, id: string) => Promise<ResumeSubject>;
}

/**
 * AI 简历 (specification §2 "Embedded AI pages": ai-resume-company|group|person|coc, previewResume/{type}):
 * for each member kind and for a chamber, /api/ai-service/resume/{enterprise|group|person|coc}/detail,
 * save, publish, preview and export. A member is read through the member module's scoped detail; a
 * chamber through the association scope (the one associationbase/history/leader apply): outside it, 404.
 * The lines come from the built-in templates (README deviations 59 and 60): each names the fields (and, for
 * a chamber, the rows) it came from; a résumé is published only by publish, which records who approved it.
 * export answers an HTML file carrying the visible 「AI生成」 mark and the AIGC metadata.
 */
export default async function aiResumeModule(app: FastifyInstance) {
  const db: Db = app.db;
  const kinds = resumeKinds(app);

  for (const def of kinds) {
    const svc = resumeService(def.kind, { db, timeZone: app.config.timeZone, model: app.services.ai, subject: def.subject });
    const base = `/api/ai-service/resume/${def.kind}`;
    const { read, edit, label } = def;

    route(app, {
      method: 'GET',
      url: `${base}/detail`,
      summary: `AI简历 detail: ${label}的AI简历 (id 为${def.idName}; 未保存时为按模板新生成的草稿, version 0; 每句附来源; aiGenerated 标识)`,
      tags: TAGS,
      access: { permission: read },
      query: resumeQuery,
      scope: def.scope('query.id'),
      response: aiResume,
      handler: ({ actor, query }) => svc.detail(actor, query.id),
    });

    route(app, {
      method: 'POST',
      url: `${base}/save`,
      summary: `AI简历 save: 保存${label}AI简历的编辑 (id, version, lines[{text, sources}]; 版本不符时提示刷新; 保存后需重新发布)`,
      tags: TAGS,
      access: { permission: edit },
      body: resumeSaveBody,
      scope: def.scope('body.id'),
      response: aiResume,
      handler: async ({ actor, body }) => withMsg(await svc.save(actor, body), RESUME_MSG.saved),
    });

    route(app, {
      method: 'POST',
      url: `${base}/publish`,
      summary: `AI简历 publish: 审核并发布${label}AI简历 (id, version; 记录审核人与时间)`,
      tags: TAGS,
      access: { permission: edit },
      body: resumePublishBody,
      scope: def.scope('body.id'),
      response: aiResume,
      handler: async ({ actor, body }) => withMsg(await svc.publish(actor, body), RESUME_MSG.published),
    });

    route(app, {
      method: 'GET',
      url: `${base}/preview`,
      summary: `AI简历 preview: 已发布的${label}AI简历 (previewResume 页; 含查看人姓名与时间用于水印; 未发布时 published 为 false)`,
      tags: TAGS,
      access: { permission: read },
      query: resumeQuery,
      scope: def.scope('query.id'),
      response: resumePreview,
      handler: ({ actor, query }) => svc.preview(actor, query.id),
    });

    route(app, {
      method: 'GET',
      url: `${base}/export`,
      summary: `AI简历 export: 导出${RESUME_TITLES[def.kind]}为 HTML 文件 (显式标识「AI生成」与隐式标识 <meta name="AIGC">; source=published 已发布稿, working 工作稿仅编辑者可导出)`,
      tags: TAGS,
      access: { permission: read },
      query: resumeExportQuery,
      raw: true,
      produces: 'text/html',
      scope: def.scope('query.id'),
      handler: async ({ reply, actor, query }) => {
        const editor = await isGranted(db, actor, edit);
        const source = query.source ?? (editor ? 'working' : 'published');
        if (source === 'working' && !editor) throw forbidden(RESUME_MSG.exportWorkingDenied);
        const file = await svc.exportHtml(actor, query.id, source);
        return reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-disposition', `attachment; filename="ai-resume-${def.kind}.html"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          .header('cache-control', 'private, no-store')
          .send(file.html);
      },
    });
  }
}

/**
 * The résumé kinds with their permissions and the scoped lookup of a subject (404 outside the caller's
 * scope): the one lookup detail and preview use, also called by the share links (aishare).
 */
export function resumeKinds(app: FastifyInstance): KindRoutes[] {
  const db: Db = app.db;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  const kinds: KindRoutes[] = MEMBER_KIND_DEFS.map((kind) => {
    const members = memberService(kind, { db, cipher });
    const k = kind.kind as ResumeKind;
    return {
      kind: k,
      label: kind.label,
      idName: '会员编号',
      read: kind.permission as PermissionCode,
      edit: `${kind.permission}_edit` as PermissionCode,
      scope: (idFrom) => memberTable(kind).record(idFrom),
      subject: async (actor, id) => {
        const member = await members.detail(actor, id);
        return { id: member.id, name: String(member.name), labels: fieldLabelsOf(kind.kind as MemberKind), draft: () => residentTemplate(kind, member) };
      },
    };
  });
  kinds.push({
    kind: 'coc',
    label: '商会',
    idName: '商会的机构编号',
    read: 'association_base',
    edit: 'association_base_edit',
    scope: (idFrom) => ({ resource: ASSOCIATION_RESOURCE, record: { table: 'blade_dept', idFrom, deptColumn: 'id', where: COC_WHERE } }),
    subject: cocSubjects(db, app.config.timeZone),
  });
  return kinds;
}
