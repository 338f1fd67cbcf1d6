import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CHAMBER_TYPES,
  LEADER_TYPES,
  LEADER_TYPE_LABELS,
  MSG,
  chamberLeaderDetail,
  chamberLeaderRecord,
  chamberOption,
  chamberRecord,
  chamberSaveSimple,
  chamberSubmit,
  changeLogWithChanges,
  deptIdFilter,
  idOf,
  idQuery,
  maskPhone,
  orgUserRecord,
  pageOf,
  pageQuery,
  userRecord,
  userSubmit,
  type ChamberLeaderView,
  type ChamberOption,
  type ChamberView,
} from '@gsl/contract';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { resolveScope } from '../../platform/access/scope.js';
import { recordHistory } from '../../platform/audit/change-log.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { withMsg } from '../../platform/http/envelope.js';
import { notFound } from '../../platform/http/errors.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { formatTime } from '../../platform/http/time.js';
import { userService } from '../user/user.service.js';
import { userView } from '../user/user.view.js';
import { chamberRepo, type ChamberRow } from './chamber.repo.js';
import { CHAMBER_RESOURCE, CHAMBER_TAG, CHAMBER_TAG_NAME, chamberService } from './chamber.service.js';

const CC = '/api/aoc-service/chambercommerce';
const OUT = '/api/aoc-service/chambercommercejiangsuallopatry';
const IN = '/api/aoc-service/chambercommerceallopatryjiangsu';
const tags = ['chamber'];
const deptIdParam = deptIdFilter;

const chamberScope = (idFrom: `${'query' | 'body'}.${string}`, where = 'is_deleted = 0'): RouteScope => ({
  resource: CHAMBER_RESOURCE,
  record: { table: 'aoc_chamber', idFrom, deptColumn: 'dept_id', ownerColumn: 'create_user', where },
});
const chamberList = (where: string): RouteScope => ({
  resource: CHAMBER_RESOURCE,
  list: { table: 'aoc_chamber', deptColumn: 'dept_id', ownerColumn: 'create_user', where },
});

export default async function chamberRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const cipher = () => personalDataCipher(db, { production: app.config.production });
  const svc = chamberService(db, cipher);
  const view = (r: ChamberRow): ChamberView => ({
    ...r,
    id: String(r.id),
    deptId: String(r.deptId),
    chamberDeptId: r.chamberDeptId === null ? null : String(r.chamberDeptId),
    chamberTypeName: CHAMBER_TYPES[r.chamberType] ?? null,
    createTime: formatTime(r.createTime, tz),
    updateTime: formatTime(r.updateTime, tz),
  });
  /** Leader phones in full only with member_sensitive (and then the view is logged). */
  const leaderView = async (
    actor: Actor,
    rows: Array<{
      id: string;
      chamberId: string;
      leaderType: number;
      name: string;
      post: string | null;
      company: string | null;
      phoneEnc: string | null;
      sort: number;
    }>,
  ) => {
    const c = await cipher();
    const unmasked = await isGranted(db, actor, 'member_sensitive');
    return {
      unmasked,
      records: rows.map((l): ChamberLeaderView => {
        const phone = l.phoneEnc ? c.decrypt(l.phoneEnc) : null;
        return {
          id: String(l.id),
          chamberId: String(l.chamberId),
          leaderType: l.leaderType,
          leaderTypeName: LEADER_TYPE_LABELS[l.leaderType],
          name: l.name,
          post: l.post,
          company: l.company,
          phone: unmasked ? phone : maskPhone(phone),
          sort: l.sort,
        };
      }),
    };
  };

  route(app, {
    method: 'GET',
    url: `${CC}/simpleSelectList`,
    summary: 'chambercommerce simpleSelectList: 商会下拉列表 (deptId 含下级, size 默认300, chamberType 1 行业商会)',
    tags,
    access: { permission: 'portal_database' },
    query: z
      .object({
        deptId: deptIdParam,
        size: z.coerce
          .number({ message: '每页条数必须是数字' })
          .int('每页条数必须是整数')
          .min(1, '每页条数不能小于1')
          .max(5000, '每页条数不能超过5000')
          .default(300),
        chamberType: z
          .union([
            z.coerce
              .number()
              .int()
              .refine((n) => Object.hasOwn(CHAMBER_TYPES, n), '商会类型取值不正确'),
            z.literal(''),
          ])
          .optional(),
        name: z.string().trim().max(100, '名称过长').optional(),
      })
      .passthrough(),
    scope: chamberList('is_deleted = 0'),
    response: z.array(chamberOption),
    handler: async ({ actor, query }) => {
      const rows = await chamberRepo.selectList(db, await svc.scopeOf(actor), {
        deptId: query.deptId || undefined,
        chamberType: query.chamberType || undefined,
        name: query.name,
        size: query.size,
      });
      return rows.map((r): ChamberOption => ({
        id: String(r.id),
        name: r.name,
        chamberType: r.chamberType,
        deptId: String(r.deptId),
        chamberDeptId: r.chamberDeptId === null ? null : String(r.chamberDeptId),
      }));
    },
  });

  route(app, {
    method: 'GET',
    url: `${CC}/detail`,
    summary: 'chambercommerce detail: 商会信息 (id)',
    tags,
    access: { permission: 'chamber' },
    query: idQuery,
    scope: chamberScope('query.id'),
    response: chamberRecord,
    handler: async ({ actor, query }) => view(await svc.detail(actor, query.id)),
  });

  route(app, {
    method: 'GET',
    url: `${CC}/log`,
    summary:
      'chambercommerce log: 商会信息的变更记录 (id; 新增、修改的字段原值与新值 (副会长、理事、秘书处名单只记姓名)、删除; 最新在前; 同商会信息的数据权限)',
    tags,
    access: { permission: 'chamber' },
    query: pageQuery.extend({ id: idQuery.shape.id }).strict(),
    scope: chamberScope('query.id'),
    response: pageOf(changeLogWithChanges),
    handler: async ({ actor, query }) => {
      await svc.detail(actor, query.id); // scoped like the detail: outside it, 404
      return recordHistory(db, {
        tenantId: actor.tenantId,
        tag: CHAMBER_TAG,
        tagName: CHAMBER_TAG_NAME,
        recordId: query.id,
        current: query.current,
        size: query.size,
        timeZone: tz,
      });
    },
  });

  route(app, {
    method: 'POST',
    url: `${CC}/submit`,
    summary: 'chambercommerce submit: 新增 (无 id, chamber_add) 或修改 (id、version, chamber_edit) 商会信息; 给出的副会长、理事、秘书处名单整体替换',
    tags,
    access: { permission: 'chamber' },
    body: chamberSubmit,
    scope: chamberScope('body.id'),
    response: chamberRecord,
    handler: async ({ actor, body }) => {
      const { id, created } = await svc.submit(actor, body);
      return withMsg(view(await svc.detail(actor, id)), created ? MSG.added : MSG.updated);
    },
  });

  for (const [path, leaderType, label] of [
    ['vice-president-list', LEADER_TYPES.vicePresident, '副会长'],
    ['council-list', LEADER_TYPES.council, '理事'],
    ['secretariat-list', LEADER_TYPES.secretariat, '秘书处'],
  ] as const) {
    route(app, {
      method: 'GET',
      url: `${CC}/${path}`,
      summary: `chambercommerce ${path}: 商会${label}名单 (chamberId)`,
      tags,
      access: { permission: 'chamber' },
      query: z.object({ chamberId: idOf('商会编号格式不正确', { trim: true, required: '请提供商会编号' }) }).strict(),
      scope: chamberScope('query.chamberId'),
      response: z.array(chamberLeaderRecord),
      handler: async ({ req, actor, query }) => {
        await svc.detail(actor, query.chamberId);
        const { unmasked, records } = await leaderView(actor, await chamberRepo.leaders(db, query.chamberId, leaderType));
        if (unmasked && records.some((r) => r.phone))
          app.services.audit.usual(
            req,
            'info',
            'member_sensitive_view',
            JSON.stringify({ tag: 'chamber_leader', url: req.url.split('?')[0], recordIds: records.map((r) => r.id), fields: ['phone'] }),
          );
        return records;
      },
    });
  }

  route(app, {
    method: 'GET',
    url: `${CC}/detail-vice-president`,
    summary: 'chambercommerce detail-vice-president: 副会长详情 (id)',
    tags,
    access: { permission: 'chamber' },
    query: idQuery,
    scope: {
      resource: CHAMBER_RESOURCE,
      record: {
        table: 'aoc_chamber_leader',
        idFrom: 'query.id',
        deptColumn: 'dept_id',
        ownerColumn: 'create_user',
        where: 'is_deleted = 0 and leader_type = 2',
      },
    },
    response: chamberLeaderDetail,
    handler: async ({ req, actor, query }) => {
      const row = await chamberRepo.leaderById(db, await svc.scopeOf(actor), query.id, LEADER_TYPES.vicePresident);
      if (!row) throw notFound();
      const { unmasked, records } = await leaderView(actor, [row]);
      if (unmasked && records[0].phone)
        app.services.audit.usual(
          req,
          'info',
          'member_sensitive_view',
          JSON.stringify({ tag: 'chamber_leader', url: req.url.split('?')[0], recordIds: [records[0].id], fields: ['phone'] }),
        );
      return { ...records[0], chamberName: row.chamberName };
    },
  });

  route(app, {
    method: 'GET',
    url: `${CC}/nextOrgUserList`,
    summary: 'chambercommerce nextOrgUserList: 下一级组织的工作人员 (deptId、current、size; 用户数据权限内)',
    tags,
    access: { permission: 'chamber' },
    query: pageQuery.extend({ deptId: idOf('机构编号格式不正确', { trim: true, required: '请提供机构编号' }) }).strict(),
    scope: { resource: 'user', record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } },
    response: pageOf(orgUserRecord),
    handler: async ({ actor, query }) => {
      const scope = await resolveScope(db, actor, 'user');
      if (!(await chamberRepo.orgVisible(db, scope, query.deptId))) throw notFound();
      const page = await chamberRepo.childOrgUsers(db, scope, query.deptId, query);
      const full = await isGranted(db, actor, 'user_view');
      return { ...page, records: page.records.map((r) => ({ ...r, id: String(r.id), deptId: String(r.deptId), phone: full ? r.phone : maskPhone(r.phone) })) };
    },
  });

  route(app, {
    method: 'POST',
    url: `${CC}/addOrgUser`,
    summary: 'chambercommerce addOrgUser: 为本级或下级组织新增工作人员账号 (同 blade-user submit 新增的规则: user_add、机构与角色在数据权限内、密码强度)',
    tags,
    access: { permission: 'user_add' },
    body: userSubmit.omit({ id: true, version: true }),
    response: userRecord,
    handler: async ({ actor, body }) => {
      const { row } = await userService.submit(db, actor, body);
      return withMsg(userView(row, { timeZone: tz, maskPhone: !(await isGranted(db, actor, 'user_view')) }), MSG.added);
    },
  });

  for (const [prefix, chamberType, label] of [
    [OUT, 4, '江苏在外地商会'],
    [IN, 3, '外省在苏商会'],
  ] as const) {
    route(app, {
      method: 'GET',
      url: `${prefix}/chamber-list`,
      summary: `${prefix.split('/').pop()} chamber-list: ${label}分页 (name、homeRegion 过滤; deptId 含下级; 数据权限内)`,
      tags,
      access: { permission: 'chamber' },
      query: pageQuery.extend({ deptId: deptIdParam }).passthrough(),
      scope: chamberList(`is_deleted = 0 and chamber_type = ${chamberType}`),
      response: pageOf(chamberRecord),
      handler: async ({ actor, query }) => {
        const page = await chamberRepo.page(db, await svc.scopeOf(actor), query, query as Record<string, unknown>, {
          chamberType,
          deptId: query.deptId || undefined,
        });
        return { ...page, records: page.records.map(view) };
      },
    });
  }

  route(app, {
    method: 'GET',
    url: '/api/aoc-service/chamber/list',
    summary: 'chamber/list: 商会分页 (全部类型; name、chamberType、homeRegion 过滤; deptId 含下级; 数据权限内)',
    tags,
    access: { permission: 'portal_database' },
    query: pageQuery.extend({ deptId: deptIdParam }).passthrough(),
    scope: chamberList('is_deleted = 0'),
    response: pageOf(chamberRecord),
    handler: async ({ actor, query }) => {
      const page = await chamberRepo.page(db, await svc.scopeOf(actor), query, query as Record<string, unknown>, { deptId: query.deptId || undefined });
      return { ...page, records: page.records.map(view) };
    },
  });

  removeRoute(app, {
    url: `${IN}/remove`,
    summary: 'chambercommerceallopatryjiangsu remove: 删除外省在苏商会 (ids; 全部在数据权限内才删除)',
    tags,
    permission: 'chamber_delete',
    scope: chamberScope('query.ids', 'is_deleted = 0 and chamber_type = 3'),
    remove: (ids, actor) => svc.remove(actor, ids, 3),
  });

  route(app, {
    method: 'POST',
    url: `${IN}/save-simple`,
    summary: 'chambercommerceallopatryjiangsu save-simple: 登记外省在苏商会 (name 存为 adminName, chamberName 存为 name; 有 id 与 version 时修改)',
    tags,
    access: { permission: 'chamber' },
    body: chamberSaveSimple,
    scope: chamberScope('body.id', 'is_deleted = 0 and chamber_type = 3'),
    response: chamberRecord,
    handler: async ({ actor, body }) => {
      const { id, created } = await svc.saveSimple(actor, body);
      return withMsg(view(await svc.detail(actor, id)), created ? MSG.added : MSG.updated);
    },
  });
}
