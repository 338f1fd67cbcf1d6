import { z } from 'zod';
import { idField, pageQuery } from '../envelope.js';

/**
 * 业务应用 (specification §2 /portal/myApp, §6 "the app list (page size 500, filtered by appType)", §7
 * portal/appList and business-app-usage/add): the business applications administrators register (a name,
 * an icon, an address and how it opens — in place or in a new tab, "nojump"), listed for every user next to
 * the product's own screens under 业务应用 (menu code portal_myapp), most used by that user first.
 */

export const APP_NAME_MAX = 50;
export const APP_URL_MAX = 500;

/** appType: what kind of application it is (the list's filter). */
export const APP_TYPE_NAMES: Record<number, string> = { 1: '业务系统', 2: '数据服务', 3: '外部网站' };
/** isOpen: 1 opens in place (a path of this product), 2 in a new tab ("nojump"), as the menus' isOpen. */
export const APP_OPEN_NAMES: Record<number, string> = { 1: '当前页打开', 2: '新标签页打开' };
/** status: 1 启用 (listed for users), 0 停用. */
export const APP_STATUS_NAMES: Record<number, string> = { 1: '启用', 0: '停用' };

export const PORTALAPP_MSG = {
  nameRequired: '请输入应用名称',
  nameTooLong: `应用名称不能超过${APP_NAME_MAX}个字`,
  nameTaken: '已有同名的应用',
  typeRequired: '请选择应用类型',
  typeBad: '应用类型不正确',
  urlRequired: '请输入应用地址',
  urlTooLong: `应用地址不能超过${APP_URL_MAX}个字符`,
  urlBad: '应用地址应以 http://、https:// 或 / 开头',
  inPlaceNeedsPath: '当前页打开的应用地址应为本系统路径(以 / 开头)',
  iconBad: '图标名称只能包含小写字母、数字和连字符',
  openBad: '打开方式不正确',
  sortBad: '排序必须是0到9999之间的整数',
  statusBad: '状态不正确',
  remarkTooLong: '备注不能超过200个字',
  usageTarget: '请指定打开的应用',
  usageBoth: '应用编号与菜单编码只能指定一个',
  menuNotApp: '该菜单不是您可用的业务应用',
  appDisabled: '该应用已停用',
} as const;

/** One application as users and administrators read it; useCount / lastUseTime are the caller's own. */
export const appRecord = z.object({
  id: z.string(),
  appName: z.string(),
  appType: z.number(),
  appTypeName: z.string(),
  icon: z.string().nullable(),
  url: z.string(),
  isOpen: z.number(),
  sort: z.number(),
  status: z.number(),
  remark: z.string().nullable(),
  /** How often the caller opened it (business-app-usage/add). */
  useCount: z.number(),
  lastUseTime: z.string().nullable(),
  version: z.number(),
  updateTime: z.string().nullable(),
});
export type AppView = z.infer<typeof appRecord>;

const appTypeFilter = z
  .union([
    z.literal(''),
    z.coerce.number({ message: PORTALAPP_MSG.typeBad }).int(PORTALAPP_MSG.typeBad).min(1, PORTALAPP_MSG.typeBad).max(3, PORTALAPP_MSG.typeBad),
  ])
  .optional();

/** portal/appList: the enabled applications, the caller's most used first (current, size up to 500 as §9). */
export const appListQuery = pageQuery.extend({
  appType: appTypeFilter,
  appName: z.string().trim().max(APP_NAME_MAX, PORTALAPP_MSG.nameTooLong).optional(),
});
export type AppListQuery = z.infer<typeof appListQuery>;

/** The administrators' list: every application, enabled or not, by sort. */
export const appAdminQuery = appListQuery.extend({
  status: z
    .union([z.literal(''), z.coerce.number({ message: PORTALAPP_MSG.statusBad }).int().min(0, PORTALAPP_MSG.statusBad).max(1, PORTALAPP_MSG.statusBad)])
    .optional(),
});
export type AppAdminQuery = z.infer<typeof appAdminQuery>;

const URL_RE = /^(https?:\/\/[^\s]+|\/[^\s]*)$/;

export const appSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    appName: z.string({ message: PORTALAPP_MSG.nameRequired }).trim().min(1, PORTALAPP_MSG.nameRequired).max(APP_NAME_MAX, PORTALAPP_MSG.nameTooLong),
    appType: z.coerce.number({ message: PORTALAPP_MSG.typeRequired }).int(PORTALAPP_MSG.typeBad).min(1, PORTALAPP_MSG.typeBad).max(3, PORTALAPP_MSG.typeBad),
    url: z
      .string({ message: PORTALAPP_MSG.urlRequired })
      .trim()
      .min(1, PORTALAPP_MSG.urlRequired)
      .max(APP_URL_MAX, PORTALAPP_MSG.urlTooLong)
      .regex(URL_RE, PORTALAPP_MSG.urlBad),
    icon: z
      .string()
      .trim()
      .max(50, PORTALAPP_MSG.iconBad)
      .regex(/^([a-z0-9-]+)?$/, PORTALAPP_MSG.iconBad)
      .nullable()
      .optional(),
    isOpen: z.coerce
      .number({ message: PORTALAPP_MSG.openBad })
      .int(PORTALAPP_MSG.openBad)
      .min(1, PORTALAPP_MSG.openBad)
      .max(2, PORTALAPP_MSG.openBad)
      .default(2),
    sort: z.coerce
      .number({ message: PORTALAPP_MSG.sortBad })
      .int(PORTALAPP_MSG.sortBad)
      .min(0, PORTALAPP_MSG.sortBad)
      .max(9999, PORTALAPP_MSG.sortBad)
      .default(0),
    status: z.coerce
      .number({ message: PORTALAPP_MSG.statusBad })
      .int(PORTALAPP_MSG.statusBad)
      .min(0, PORTALAPP_MSG.statusBad)
      .max(1, PORTALAPP_MSG.statusBad)
      .default(1),
    remark: z.string().trim().max(200, PORTALAPP_MSG.remarkTooLong).nullable().optional(),
  })
  .strict()
  .refine((v) => v.isOpen === 2 || v.url.startsWith('/'), { message: PORTALAPP_MSG.inPlaceNeedsPath, path: ['url'] });
export type AppSubmit = z.infer<typeof appSubmit>;

/**
 * business-app-usage/add: one opening of an application by the caller — a registered application (`appId`)
 * or one of the product's own screens under 业务应用 (`menuCode`).
 */
export const appUsageAdd = z
  .object({
    appId: idField.optional(),
    menuCode: z.string().trim().max(60, PORTALAPP_MSG.menuNotApp).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.appId && !v.menuCode) ctx.addIssue({ code: 'custom', message: PORTALAPP_MSG.usageTarget, path: ['appId'] });
    else if (v.appId && v.menuCode) ctx.addIssue({ code: 'custom', message: PORTALAPP_MSG.usageBoth, path: ['menuCode'] });
  })
  .meta({ examples: [{ menuCode: 'message' }] });
export type AppUsageAdd = z.infer<typeof appUsageAdd>;

/** How often the caller opened one application: `app:<id>` or `menu:<code>`. */
export const appUsageRecord = z.object({ appKey: z.string(), useCount: z.number(), lastUseTime: z.string().nullable() });
export type AppUsageView = z.infer<typeof appUsageRecord>;

export const appUsageKey = (target: { appId?: string; menuCode?: string }): string => (target.appId ? `app:${target.appId}` : `menu:${target.menuCode}`);

export const PORTALAPP_PATHS = {
  appList: '/api/aoc-service/portal/appList',
  appPage: '/api/aoc-service/portal/app/page',
  appDetail: '/api/aoc-service/portal/app/detail',
  appSubmit: '/api/aoc-service/portal/app/submit',
  appRemove: '/api/aoc-service/portal/app/remove',
  usageAdd: '/api/aoc-service/business-app-usage/add',
  usageMy: '/api/aoc-service/business-app-usage/my',
} as const;
