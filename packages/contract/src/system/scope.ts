import { z } from 'zod';
import { ID_LIST_OR_EMPTY_RE, idField, idOf } from '../envelope.js';

/** Data scope and api scope administration (数据权限 / 接口权限, wire contract §5). */
export const SCOPE_MSG = {
  menuRequired: '请选择所属菜单',
  menuMissing: '所属菜单不存在',
  resourceRequired: '请输入资源编号',
  dataNameRequired: '请输入数据权限名称',
  apiNameRequired: '请输入接口权限名称',
  dataTypeRequired: '请选择数据权限类型',
  apiTypeRequired: '请选择接口权限类型',
  pathRequired: '请输入接口路径',
  pathFormat: '接口路径须以 /api/ 开头,只能包含字母、数字和 / _ - . * { }',
  customValueRequired: '自定义数据权限请选择可见的机构',
  customValueDepts: '自定义数据权限中的机构不存在',
} as const;

/** BladeX data scope types (dictionary data_scope_type). */
export const DATA_SCOPE_TYPE_NAMES: Record<number, string> = { 1: '全部可见', 2: '本人可见', 3: '所在机构可见', 4: '所在机构及子级可见', 5: '自定义' };
/** BladeX api scope types (dictionary api_scope_type). */
export const API_SCOPE_TYPE_NAMES: Record<number, string> = { 1: '请求', 2: '授权' };

const id = (msg: string) => idOf(msg, { trim: true, required: msg });
const optionalText = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).nullish();
const resourceCode = z
  .string({ message: SCOPE_MSG.resourceRequired })
  .trim()
  .min(1, SCOPE_MSG.resourceRequired)
  .max(255, '资源编号不能超过255个字符')
  .regex(/^[A-Za-z0-9_.:-]+$/, '资源编号只能包含字母、数字和 _ . : -');
const common = {
  id: idField.optional(),
  version: z.coerce.number().int().min(1).optional(),
  menuId: id(SCOPE_MSG.menuRequired),
  resourceCode,
  remark: optionalText(255),
};

export const dataScopeSubmit = z
  .object({
    ...common,
    scopeName: z.string({ message: SCOPE_MSG.dataNameRequired }).trim().min(1, SCOPE_MSG.dataNameRequired).max(255, '数据权限名称不能超过255个字符'),
    /** The column the rule limits (documentation for administrators; the server applies rules on each resource's own dept column). */
    scopeColumn: z
      .string()
      .trim()
      .max(64, '权限字段不能超过64个字符')
      .regex(/^([a-z_][a-z0-9_]*)?$/, '权限字段只能包含小写字母、数字和下划线')
      .nullish(),
    scopeType: z.coerce
      .number({ message: SCOPE_MSG.dataTypeRequired })
      .int(SCOPE_MSG.dataTypeRequired)
      .min(1, SCOPE_MSG.dataTypeRequired)
      .max(5, SCOPE_MSG.dataTypeRequired),
    /**
     * BladeX's mapper class and field list of a rule, which its Java data-scope interceptor reads. Saber's
     * form sends them; here every resource applies its rules on its own dept column, so they are accepted
     * and not stored (README "Using a BladeX/Saber client").
     */
    scopeClass: z.string().max(500, '权限类名不能超过500个字符').nullish(),
    scopeField: z.string().max(500, '权限字段不能超过500个字符').nullish(),
    /** Custom scope (type 5): the visible depts' ids, comma-separated. */
    scopeValue: z.string().trim().max(2000, '可见机构过多').regex(ID_LIST_OR_EMPTY_RE, '可见机构格式不正确(机构编号,逗号分隔)').nullish(),
  })
  .strict();
export type DataScopeSubmit = z.infer<typeof dataScopeSubmit>;

export const apiScopeSubmit = z
  .object({
    ...common,
    scopeName: z.string({ message: SCOPE_MSG.apiNameRequired }).trim().min(1, SCOPE_MSG.apiNameRequired).max(255, '接口权限名称不能超过255个字符'),
    /** An API path pattern: `*` one segment's characters, `**` anything (also /), `{name}` one segment. */
    scopePath: z
      .string({ message: SCOPE_MSG.pathRequired })
      .trim()
      .min(1, SCOPE_MSG.pathRequired)
      .max(255, '接口路径不能超过255个字符')
      .regex(/^\/api\/[A-Za-z0-9/_.*{}-]*$/, SCOPE_MSG.pathFormat)
      .meta({ examples: ['/api/blade-system/example/**'] }),
    scopeType: z.coerce
      .number({ message: SCOPE_MSG.apiTypeRequired })
      .int(SCOPE_MSG.apiTypeRequired)
      .min(1, SCOPE_MSG.apiTypeRequired)
      .max(2, SCOPE_MSG.apiTypeRequired)
      .optional(),
  })
  .strict();
export type ApiScopeSubmit = z.infer<typeof apiScopeSubmit>;

const scopeRecord = z.object({
  id: z.string(),
  menuId: z.string(),
  menuName: z.string().nullable(),
  resourceCode: z.string(),
  scopeName: z.string(),
  scopeType: z.number(),
  scopeTypeName: z.string().nullable(),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
/** A data scope rule as list, detail and submit answer it. */
export const dataScopeRecord = scopeRecord.extend({ scopeColumn: z.string().nullable(), scopeValue: z.string().nullable() });
export type DataScopeView = z.infer<typeof dataScopeRecord>;
/** An api scope rule as list, detail and submit answer it. */
export const apiScopeRecord = scopeRecord.extend({ scopePath: z.string().nullable() });
export type ApiScopeView = z.infer<typeof apiScopeRecord>;
