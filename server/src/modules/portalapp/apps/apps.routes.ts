import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  APP_TYPE_NAMES,
  MSG,
  PORTALAPP_MSG,
  PORTALAPP_PATHS as P,
  STALE_VERSION_MSG,
  appAdminQuery,
  appListQuery,
  appRecord,
  appSubmit,
  appUsageAdd,
  appUsageKey,
  appUsageRecord,
  idQuery,
  menuOf,
  pageOf,
  perm,
  screensOf,
  type AppView,
  type MenuDef,
} from '@gsl/contract';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted, isGranted } from '../../../platform/access/grants.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { route } from '../../../platform/http/route.js';
import { formatTime } from '../../../platform/http/time.js';
import type { Db } from '../../../db/connection.js';
import { appRepo, usageRepo, type AppRow } from './apps.repo.js';

const TAGS = ['portal'];
const APP_ADMIN = perm('portal_app');
const APP_EDIT = perm('portal_app_edit');
const APP_DELETE = perm('portal_app_delete');

const view = (r: AppRow, tz: string): AppView => ({
  id: String(r.id),
  appName: r.appName,
  appType: r.appType,
  appTypeName: APP_TYPE_NAMES[r.appType] ?? '',
  icon: r.icon,
  url: r.url,
  isOpen: r.isOpen,
  sort: r.sort,
  status: r.status,
  remark: r.remark,
  useCount: Number(r.useCount ?? 0),
  lastUseTime: formatTime(r.lastUseTime, tz),
  version: r.version,
  updateTime: formatTime(r.updateTime, tz),
});

/** The product's own screens under 业务应用 (menu registry, portal_myapp's children). */
const MYAPP_SCREENS = new Map(
  screensOf(menuOf('portal_myapp')!)
    .slice(1)
    .map((s) => [s.code, s]),
);

/** Whether the actor may open a screen: its code, or any of its buttons' (as the web's 业务应用 decides). */
async function holdsScreen(db: Db, actor: Actor, screen: MenuDef): Promise<boolean> {
  for (const code of [screen.code, ...(screen.children ?? []).map((c) => c.code)]) if (await isGranted(db, actor, perm(code))) return true;
  return false;
}

/**
 * 业务应用 (specification §2 /portal/myApp, §6, §7): portal/appList — the enabled applications of the tenant,
 * the caller's most used first —, business-app-usage/add (one row per opening, of a registered application or
 * of one of the product's screens under 业务应用) and business-app-usage/my (the caller's counts, for ordering
 * the screens among the applications); the administrators' screen 系统管理 › 业务应用管理 (page, detail,
 * submit, remove).
 */
export function appsRoutes(app: FastifyInstance) {
  const db = app.db;
  const tz = app.config.timeZone;
  const typeOf = (v: number | '' | undefined) => (v === '' ? undefined : v);

  route(app, {
    method: 'GET',
    url: P.appList,
    summary: 'portal/appList: 业务应用列表 (current, size ≤ 500, appType 筛选; 本人常用的在前)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: appListQuery,
    response: pageOf(appRecord),
    handler: async ({ actor, query }) => {
      const page = await appRepo.forUser(db, actor.tenantId, actor.userId, query, { appType: typeOf(query.appType), appName: query.appName });
      return { ...page, records: page.records.map((r) => view(r, tz)) };
    },
  });

  route(app, {
    method: 'POST',
    url: P.usageAdd,
    summary: 'business-app-usage/add: 记录本人打开一次业务应用 (appId 已登记的应用, 或 menuCode 业务应用下的本系统页面)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: appUsageAdd,
    response: appUsageRecord,
    handler: async ({ actor, body }) => {
      if (body.appId) {
        const found = await appRepo.find(db, actor.tenantId, actor.userId, body.appId);
        if (!found) throw notFound();
        if (found.status !== 1) throw badRequest(PORTALAPP_MSG.appDisabled);
      } else {
        const screen = MYAPP_SCREENS.get(body.menuCode!);
        if (!screen || !(await holdsScreen(db, actor, screen))) throw badRequest(PORTALAPP_MSG.menuNotApp);
      }
      const appKey = appUsageKey(body);
      await usageRepo.add(db, { tenantId: actor.tenantId, userId: actor.userId, deptId: actor.deptId, appKey });
      const [mine] = await usageRepo.mine(db, actor.userId, appKey);
      return { appKey, useCount: Number(mine?.useCount ?? 1), lastUseTime: formatTime(mine?.lastUseTime, tz) };
    },
  });

  route(app, {
    method: 'GET',
    url: P.usageMy,
    summary: 'business-app-usage/my: 本人打开各业务应用的次数与最近时间 (多的在前)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    response: z.array(appUsageRecord),
    handler: async ({ actor }) =>
      (await usageRepo.mine(db, actor.userId)).map((r) => ({ appKey: r.appKey, useCount: Number(r.useCount), lastUseTime: formatTime(r.lastUseTime, tz) })),
  });

  // ------------------------------------------------------------------ 系统管理 › 业务应用管理
  route(app, {
    method: 'GET',
    url: P.appPage,
    summary: 'portal/app/page: 管理员查看业务应用 (含停用; appName, appType, status 筛选)',
    tags: TAGS,
    access: { permission: APP_ADMIN },
    query: appAdminQuery,
    response: pageOf(appRecord),
    handler: async ({ actor, query }) => {
      const page = await appRepo.forAdmin(db, actor.tenantId, actor.userId, query, {
        appType: typeOf(query.appType),
        appName: query.appName,
        status: typeOf(query.status),
      });
      return { ...page, records: page.records.map((r) => view(r, tz)) };
    },
  });

  route(app, {
    method: 'GET',
    url: P.appDetail,
    summary: 'portal/app/detail: 业务应用详情',
    tags: TAGS,
    access: { permission: APP_ADMIN },
    query: idQuery,
    response: appRecord,
    handler: async ({ actor, query }) => {
      const row = await appRepo.find(db, actor.tenantId, actor.userId, query.id);
      if (!row) throw notFound();
      return view(row, tz);
    },
  });

  route(app, {
    method: 'POST',
    url: P.appSubmit,
    summary: 'portal/app/submit: 新增或修改业务应用 (无 id 新增, 有 id 按 version 修改)',
    tags: TAGS,
    access: { permission: APP_EDIT },
    body: appSubmit,
    response: appRecord,
    handler: async ({ actor, body }) => {
      await assertGranted(db, actor, APP_ADMIN);
      const { id, version, ...rest } = body;
      const values = { ...rest, icon: rest.icon || null, remark: rest.remark || null };
      if (await appRepo.nameTaken(db, actor.tenantId, values.appName, id)) throw badRequest(PORTALAPP_MSG.nameTaken);
      let savedId: string;
      if (id) {
        if (!(await appRepo.find(db, actor.tenantId, actor.userId, id))) throw notFound();
        if (version === undefined) throw badRequest(STALE_VERSION_MSG);
        const updated = await appRepo.update(db, actor.tenantId, actor.userId, id, version, values);
        if (!updated) throw badRequest(STALE_VERSION_MSG);
        savedId = updated;
      } else {
        savedId = await appRepo.insert(db, { ...values, tenantId: actor.tenantId, userId: actor.userId, deptId: actor.deptId });
      }
      const row = await appRepo.find(db, actor.tenantId, actor.userId, savedId);
      return withMsg(view(row!, tz), id ? MSG.updated : MSG.added);
    },
  });

  removeRoute(app, {
    url: P.appRemove,
    summary: 'portal/app/remove: 删除业务应用 (ids 逗号分隔)',
    tags: TAGS,
    permission: APP_DELETE,
    remove: async (ids, actor) => {
      if ((await appRepo.countLive(db, actor.tenantId, ids)) !== ids.length) throw notFound();
      await appRepo.remove(db, actor.tenantId, actor.userId, ids);
    },
  });
}
