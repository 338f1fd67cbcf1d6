import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ENTERPRISE_FIELDS,
  MSG,
  PERSON_FIELDS,
  changeLogWithChanges,
  deptIdFilter,
  enterpriseBaseSubmit,
  idQuery,
  pageOf,
  pageQuery,
  personNameQuery,
  personSubmit,
  profileBaseRecord,
  unionIdQuery,
  type PermissionCode,
} from '@gsl/contract';
import { assertGranted } from '../../platform/access/grants.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { recordHistory } from '../../platform/audit/change-log.js';
import { baseService, enterpriseBaseDef, personBaseDef, type BaseDef } from './base.service.js';
import { leaderPostsOf, membershipsOf } from './person-link.js';
import { shownSensitive, viewOf, type Row } from './profile.codec.js';
import { ENTERPRISE_PARENT, PERSON_PARENT, PROFILE_RESOURCE } from './profile.defs.js';
import { logUnmasked, parentScope, unmaskedFor } from './section.routes.js';

const basePageQuery = pageQuery.extend({ deptId: deptIdFilter }).passthrough();

/** Person base (人员库) and enterprise base (企业库): list, detail, submit, remove; persons also list-byname and detail by unionId. */
export default async function baseRoutes(app: FastifyInstance) {
  const cipher = () => personalDataCipher(app.db, { production: app.config.production });
  const tz = app.config.timeZone;
  const defs: Array<{ def: BaseDef; submit: z.ZodType; name: string }> = [
    { def: personBaseDef(PERSON_PARENT, PERSON_FIELDS), submit: personSubmit, name: 'personbase' },
    { def: enterpriseBaseDef(ENTERPRISE_PARENT, ENTERPRISE_FIELDS), submit: enterpriseBaseSubmit, name: 'enterprisebase' },
  ];

  for (const { def, submit, name } of defs) {
    const svc = baseService(def, app.db, cipher);
    const p = def.parent;
    const read = p.permission as PermissionCode;
    const label = p.kind === 'person' ? '人员库' : '企业库';
    const view = (row: Row, unmasked: boolean) => viewOf(def.fields, row, { timeZone: tz, unmasked }, { unionId: row.unionId, deptName: row.deptName ?? null });
    const answer = async (req: Parameters<typeof logUnmasked>[1], actor: Parameters<typeof unmaskedFor>[1], rows: Row[]) => {
      const unmasked = await unmaskedFor(app, actor);
      if (unmasked)
        logUnmasked(
          app,
          req,
          name,
          rows.map((r) => String(r.id)),
          shownSensitive(def.fields, rows),
        );
      return rows.map((r) => view(r, unmasked));
    };

    /** A detail as answered; a person's with its 会员身份 (memberships). */
    const detailWithMemberships = async (req: Parameters<typeof answer>[0], actor: Parameters<typeof answer>[1], row: Row) => {
      const [out] = await answer(req, actor, [row]);
      if (p.kind !== 'person') return out;
      const certNoHash = (await cipher()).hash(String(row.certNo));
      const cert = { certType: Number(row.certType), certNoHash };
      const [memberships, leaderPosts] = await Promise.all([membershipsOf(app.db, actor, cert), leaderPostsOf(app.db, actor, cert)]);
      return { ...out, memberships, leaderPosts };
    };

    route(app, {
      method: 'GET',
      url: `${p.prefix}/list`,
      summary: `${name} list: ${label}分页 (姓名/名称等过滤、deptId 含下级组织、证件号码/手机号码精确查询; 数据权限内)`,
      tags: ['profile'],
      access: { permission: read },
      query: basePageQuery,
      scope: {
        resource: PROFILE_RESOURCE,
        list: {
          table: p.sqlTable,
          deptColumn: 'dept_id',
          ownerColumn: 'create_user',
          where: p.kind === 'person' ? 'is_deleted = 0 and visibility <> 3' : 'is_deleted = 0',
        },
      },
      response: pageOf(profileBaseRecord),
      handler: async ({ req, actor, query }) => {
        const page = await svc.page(actor, query, query as Record<string, unknown>);
        return { ...page, records: await answer(req, actor, page.records) };
      },
    });

    route(app, {
      method: 'GET',
      url: `${p.prefix}/detail`,
      summary: `${name} detail: ${label}详情 (id)${p.kind === 'person' ? '; memberships: 会员身份 (数据权限内同一证件的个人会员及其所代表的企业、团体会员; 无个人会员菜单时为 null); leaderPosts: 领导班子职务 (同一证件在各组织各年度的职务; 无领导班子菜单时为 null)' : ''}`,
      tags: ['profile'],
      access: { permission: read },
      query: idQuery,
      scope: parentScope(p, 'query.id'),
      response: profileBaseRecord,
      handler: async ({ req, actor, query }) => detailWithMemberships(req, actor, await svc.detail(actor, { id: query.id })),
    });

    route(app, {
      method: 'GET',
      url: `${p.prefix}/log`,
      summary: `${name} log: ${label}记录的变更记录 (id; 新增、修改的字段原值与新值、删除; 最新在前)`,
      tags: ['profile'],
      access: { permission: read },
      query: pageQuery.extend({ id: idQuery.shape.id }).strict(),
      scope: parentScope(p, 'query.id'),
      response: pageOf(changeLogWithChanges),
      handler: async ({ actor, query }) => {
        await svc.detail(actor, { id: query.id }); // inside the caller's scope, or 404
        return recordHistory(app.db, {
          tenantId: actor.tenantId,
          tag: name,
          tagName: label,
          recordId: query.id,
          current: query.current,
          size: query.size,
          timeZone: tz,
        });
      },
    });

    route(app, {
      method: 'POST',
      url: `${p.prefix}/submit`,
      summary: `${name} submit: 新增或修改${label}记录 (无 id 新增, 有 id 按 version 修改; 变更记入变更记录)`,
      tags: ['profile'],
      access: { permission: read },
      body: submit,
      scope: parentScope(p, 'body.id'),
      response: profileBaseRecord,
      handler: async ({ actor, body }) => {
        const input = body as Record<string, unknown> & { id?: string; version?: number; deptId?: string };
        await assertGranted(app.db, actor, `${p.permission}_${input.id ? 'edit' : 'add'}` as PermissionCode);
        const { row, created } = await svc.submit(actor, input);
        return withMsg(view(row, false), created ? MSG.added : MSG.updated);
      },
    });

    removeRoute(app, {
      url: `${p.prefix}/remove`,
      summary: `${name} remove: 删除${label}记录及其档案 (ids; 全部在数据权限内才删除)`,
      tags: ['profile'],
      permission: `${p.permission}_delete` as PermissionCode,
      scope: parentScope(p, 'query.ids'),
      remove: (ids, actor) => svc.remove(actor, ids),
    });

    if (p.kind !== 'person') continue;

    route(app, {
      method: 'GET',
      url: `${p.prefix}/list-byname`,
      summary: 'person base list-byname: 按姓名前缀查人员 (选择框用, 至多50条; 含公开档案; 证件号码始终脱敏)',
      tags: ['profile'],
      access: { permission: read },
      query: personNameQuery,
      response: z.array(profileBaseRecord),
      handler: async ({ actor, query }) => (await svc.byName(actor, query.name, query.size)).map((r) => view(r, false)),
    });

    route(app, {
      method: 'GET',
      url: `${p.prefix}/mgpersonbase/detail`,
      summary: 'person base mgpersonbase/detail: 人员档案详情 (unionId; memberships 同 detail)',
      tags: ['profile'],
      access: { permission: read },
      query: unionIdQuery,
      response: profileBaseRecord,
      handler: async ({ req, actor, query }) => detailWithMemberships(req, actor, await svc.detail(actor, { unionId: query.unionId })),
    });
  }
}
