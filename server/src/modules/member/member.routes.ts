import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  MSG,
  deptIdFilter,
  idQuery,
  memberRecord,
  memberUpdateAll,
  pageOf,
  pageQuery,
  representativeQuery,
  representativeRecord,
  representativeSave,
  type PermissionCode,
} from '@gsl/contract';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { MEMBER_KIND_DEFS, MEMBER_RESOURCE, memberTable, type MemberKindDef } from './member.kinds.js';
import type { MemberRow } from './member.repo.js';
import { memberService } from './member.service.js';
import { memberView } from './member.view.js';
import { representativeService } from './representative.service.js';
import { personBaseOf } from '../profile/person-link.js';

/** The page query: paging, the kind's whitelisted filters, deptId (that org and below), exact personal-data search. */
export const memberPageQuery = pageQuery.extend({ deptId: deptIdFilter }).passthrough();

/** Scope metadata (quality harness): members are org-owned through dept_id, "own" through create_user. */
const recordScope = (kind: MemberKindDef, idFrom: `${'query' | 'body'}.${string}`): RouteScope => memberTable(kind).record(idFrom);

export default async function memberRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  // Resolved at start-up: production without PERSONAL_DATA_KEY refuses to start instead of failing later.
  await cipher();

  /** Personal data in full only with the member_sensitive button; every unmasked answer is logged. */
  const unmaskedFor = (actor: Actor) => isGranted(db, actor, 'member_sensitive');
  const logUnmasked = (req: FastifyRequest, kind: MemberKindDef, rows: MemberRow[]) => {
    const shown = rows.filter((r) => kind.sensitive.some((s) => r[s.field]));
    if (!shown.length) return;
    app.services.audit.usual(
      req,
      'info',
      'member_sensitive_view',
      JSON.stringify({ tag: kind.kind, url: req.url.split('?')[0], recordIds: shown.map((r) => String(r.id)), fields: kind.sensitive.map((s) => s.field) }),
    );
  };

  /** A member person's record in the person base (人员库, profile/person-link.ts); both null when the caller sees none. */
  const personBaseLink = async (actor: Actor, row: MemberRow) => {
    const hit = row.certNo
      ? await personBaseOf(db, actor, { certType: Number(row.certType), certNoHash: (await cipher()).hash(String(row.certNo)) })
      : undefined;
    return hit ? { personBaseId: hit.id, personBaseUnionId: hit.unionId } : { personBaseId: null, personBaseUnionId: null };
  };

  for (const kind of MEMBER_KIND_DEFS) {
    const svc = memberService(kind, { db, cipher });
    const tags = ['member'];
    const read = kind.permission as PermissionCode;
    const view = (row: MemberRow, unmasked: boolean) => memberView(kind, row, { timeZone: tz, unmasked });

    route(app, {
      method: 'GET',
      url: `${kind.prefix}/page`,
      summary: `${kind.prefix.split('/').pop()} page: ${kind.label}分页 (名称、信用代码、地区、状态、日期范围过滤; deptId 含下级组织; 数据权限内)`,
      tags,
      access: { permission: read },
      query: memberPageQuery,
      scope: memberTable(kind).list(),
      response: pageOf(memberRecord),
      handler: async ({ req, actor, query }) => {
        const page = await svc.page(actor, query, query as Record<string, unknown>);
        const unmasked = await unmaskedFor(actor);
        if (unmasked) logUnmasked(req, kind, page.records);
        return { ...page, records: page.records.map((r) => view(r, unmasked)) };
      },
    });

    route(app, {
      method: 'GET',
      url: `${kind.prefix}/detail`,
      summary: `${kind.prefix.split('/').pop()} detail: ${kind.label}详情 (id)${kind.kind === 'person' ? '; personBaseId、personBaseUnionId: 人员库中同一证件的人员档案 (调用者可见时)' : ''}`,
      tags,
      access: { permission: read },
      query: idQuery,
      scope: recordScope(kind, 'query.id'),
      response: memberRecord,
      handler: async ({ req, actor, query }) => {
        const row = await svc.detail(actor, query.id);
        const unmasked = await unmaskedFor(actor);
        if (unmasked) logUnmasked(req, kind, [row]);
        return kind.kind === 'person' ? { ...view(row, unmasked), ...(await personBaseLink(actor, row)) } : view(row, unmasked);
      },
    });

    route(app, {
      method: 'POST',
      url: `${kind.prefix}/save`,
      summary: `${kind.prefix.split('/').pop()} save: 新增${kind.label}`,
      tags,
      access: { permission: `${kind.permission}_add` as PermissionCode },
      body: kind.save,
      response: memberRecord,
      handler: async ({ actor, body }) => withMsg(view(await svc.save(actor, body as Record<string, unknown>), false), MSG.added),
    });

    route(app, {
      method: 'POST',
      url: `${kind.prefix}/update`,
      summary: `${kind.prefix.split('/').pop()} update: 修改${kind.label} (id、version; 只改所给字段; 变更逐字段记入变更记录)`,
      tags,
      access: { permission: `${kind.permission}_edit` as PermissionCode },
      body: kind.update,
      scope: recordScope(kind, 'body.id'),
      response: memberRecord,
      handler: async ({ actor, body }) =>
        withMsg(view(await svc.update(actor, body as Record<string, unknown> & { id: string; version: number }), false), MSG.updated),
    });

    removeRoute(app, {
      url: `${kind.prefix}/remove`,
      summary: `${kind.prefix.split('/').pop()} remove: 删除${kind.label} (ids 逗号分隔; 全部在数据权限内才删除)`,
      tags,
      permission: `${kind.permission}_delete` as PermissionCode,
      scope: recordScope(kind, 'query.ids'),
      remove: (ids, actor) => svc.remove(actor, ids),
    });

    route(app, {
      method: 'POST',
      url: `${kind.prefix}/update-all`,
      summary: `${kind.prefix.split('/').pop()} update-all: 批量修改${kind.label} (ids 与 status、memberLevel、joinDate、regionCode 中所给字段; 一个事务)`,
      tags,
      access: { permission: `${kind.permission}_edit` as PermissionCode },
      body: memberUpdateAll,
      scope: recordScope(kind, 'body.ids'),
      response: z.object({ updated: z.number() }),
      handler: async ({ actor, body }) => withMsg({ updated: await svc.updateAll(actor, body) }, MSG.updated),
    });

    if (!kind.hasRepresentatives) continue;
    const reps = representativeService(kind, svc, db, cipher);
    const repScope = (idFrom: 'query.memberId' | 'body.memberId'): RouteScope => recordScope(kind, idFrom);

    route(app, {
      method: 'GET',
      url: `${kind.prefix}/representative-list`,
      summary: `${kind.prefix.split('/').pop()} representative list: ${kind.label}的会员代表 (memberId)`,
      tags,
      access: { permission: read },
      query: representativeQuery,
      scope: repScope('query.memberId'),
      response: z.array(representativeRecord),
      handler: async ({ req, actor, query }) => {
        const unmasked = await unmaskedFor(actor);
        const rows = await reps.list(actor, query.memberId, unmasked);
        if (unmasked && rows.length) {
          app.services.audit.usual(
            req,
            'info',
            'member_sensitive_view',
            JSON.stringify({ tag: 'person', url: req.url.split('?')[0], recordIds: rows.map((r) => r.personId), fields: ['certNo', 'phone'] }),
          );
        }
        return rows;
      },
    });

    route(app, {
      method: 'POST',
      url: `${kind.prefix}/representative-save`,
      summary: `${kind.prefix.split('/').pop()} representative save: 添加${kind.label}的会员代表 (memberId、personId 个人会员)`,
      tags,
      access: { permission: `${kind.permission}_edit` as PermissionCode },
      body: representativeSave,
      scope: repScope('body.memberId'),
      response: z.object({ id: z.string() }),
      handler: async ({ actor, body }) => withMsg({ id: await reps.save(actor, body) }, MSG.added),
    });

    removeRoute(app, {
      url: `${kind.prefix}/representative-remove`,
      summary: `${kind.prefix.split('/').pop()} representative remove: 移除会员代表 (ids)`,
      tags,
      permission: `${kind.permission}_edit` as PermissionCode,
      scope: {
        resource: MEMBER_RESOURCE,
        record: {
          table: 'aoc_member_representative',
          idFrom: 'query.ids',
          deptColumn: 'dept_id',
          ownerColumn: 'create_user',
          where: `is_deleted = 0 and member_kind = '${kind.kind}'`,
        },
      },
      remove: (ids, actor) => reps.remove(actor, ids),
    });
  }
}
