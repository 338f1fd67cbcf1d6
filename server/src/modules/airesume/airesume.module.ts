import type { FastifyInstance } from 'fastify';
import { RESUME_MSG, aiResume, resumePreview, resumePublishBody, resumeQuery, resumeSaveBody, type PermissionCode } from '@gsl/contract';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route } from '../../platform/http/route.js';
import { MEMBER_KIND_DEFS, memberTable } from '../member/member.kinds.js';
import { memberService } from '../member/member.service.js';
import { resumeService } from './airesume.service.js';

const TAGS = ['ai'];

/**
 * AI 简历 (specification §2 "Embedded AI pages": ai-resume-company|group|person, previewResume/{type}):
 * for each member kind, /api/ai-service/resume/{enterprise|group|person}/detail, save, publish, preview.
 * Every call reads the member through the member module's scoped detail: another org's member is 404.
 * The lines come from the built-in template (README deviation 59): each names the profile fields it
 * came from; a résumé is published only by publish, which records who approved it and when.
 */
export default async function aiResumeModule(app: FastifyInstance) {
  const db = app.db;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  for (const kind of MEMBER_KIND_DEFS) {
    const members = memberService(kind, { db, cipher });
    const svc = resumeService(kind, { db, timeZone: app.config.timeZone, model: app.services.ai, member: (actor, id) => members.detail(actor, id) });
    const base = `/api/ai-service/resume/${kind.kind}`;
    const table = memberTable(kind);
    const read = kind.permission as PermissionCode;
    const edit = `${kind.permission}_edit` as PermissionCode;

    route(app, {
      method: 'GET',
      url: `${base}/detail`,
      summary: `AI简历 detail: ${kind.label}的AI简历 (id 为会员编号; 未保存时为按模板新生成的草稿, version 0; 每句附来源字段; aiGenerated 标识)`,
      tags: TAGS,
      access: { permission: read },
      query: resumeQuery,
      scope: table.record('query.id'),
      response: aiResume,
      handler: ({ actor, query }) => svc.detail(actor, query.id),
    });

    route(app, {
      method: 'POST',
      url: `${base}/save`,
      summary: `AI简历 save: 保存${kind.label}AI简历的编辑 (id, version, lines[{text, sources}]; 版本不符时提示刷新; 保存后需重新发布)`,
      tags: TAGS,
      access: { permission: edit },
      body: resumeSaveBody,
      scope: table.record('body.id'),
      response: aiResume,
      handler: async ({ actor, body }) => withMsg(await svc.save(actor, body), RESUME_MSG.saved),
    });

    route(app, {
      method: 'POST',
      url: `${base}/publish`,
      summary: `AI简历 publish: 审核并发布${kind.label}AI简历 (id, version; 记录审核人与时间)`,
      tags: TAGS,
      access: { permission: edit },
      body: resumePublishBody,
      scope: table.record('body.id'),
      response: aiResume,
      handler: async ({ actor, body }) => withMsg(await svc.publish(actor, body), RESUME_MSG.published),
    });

    route(app, {
      method: 'GET',
      url: `${base}/preview`,
      summary: `AI简历 preview: 已发布的${kind.label}AI简历 (previewResume 页; 含查看人姓名与时间用于水印; 未发布 404)`,
      tags: TAGS,
      access: { permission: read },
      query: resumeQuery,
      scope: table.record('query.id'),
      response: resumePreview,
      handler: ({ actor, query }) => svc.preview(actor, query.id),
    });
  }
}
