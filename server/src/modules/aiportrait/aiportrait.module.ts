import type { FastifyInstance } from 'fastify';
import { AI_PORTRAIT_PATHS, aiPortrait, portraitQuery, type PermissionCode, type PortraitKind } from '@gsl/contract';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { route } from '../../platform/http/route.js';
import { MEMBER_KIND_DEFS, memberTable } from '../member/member.kinds.js';
import { memberService } from '../member/member.service.js';
import { portraitService } from './aiportrait.service.js';

const TAGS = ['ai'];

/**
 * AI 画像 (specification §2 "Embedded AI pages": ai-properties-company|group|person): for each member
 * kind, GET /api/ai-service/portrait/{enterprise|group|person}/detail. Read-only; the member is read
 * through the member module's scoped detail, as the AI 简历 does: another org's member is 404.
 */
export default async function aiPortraitModule(app: FastifyInstance) {
  const db = app.db;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  for (const kind of MEMBER_KIND_DEFS) {
    const members = memberService(kind, { db, cipher });
    const svc = portraitService(kind, {
      db,
      timeZone: app.config.timeZone,
      model: app.services.ai,
      member: (actor, id) => members.detail(actor, id),
      memberScope: (actor) => members.scopeOf(actor),
    });
    route(app, {
      method: 'GET',
      url: AI_PORTRAIT_PATHS.detail(kind.kind as PortraitKind),
      summary: `AI画像 detail: ${kind.label}的AI画像 (id 为会员编号; 标签按规则生成并附来源字段与规则; 数字与图表; 概括一段, 配置模型时由模型改写; aiGenerated 标识)`,
      tags: TAGS,
      access: { permission: kind.permission as PermissionCode },
      query: portraitQuery,
      scope: memberTable(kind).record('query.id'),
      response: aiPortrait,
      handler: ({ actor, query }) => svc.detail(actor, query.id),
    });
  }
}
