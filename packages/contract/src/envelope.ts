import { z } from 'zod';

/** The response envelope of every JSON call (wire contract §3). */
export interface Envelope<T = unknown> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

export interface PageResult<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** The schema of a page of `record`s (PageResult), as every `page` call answers it. */
export const pageOf = <T extends z.ZodType>(record: T) =>
  z.object({ records: z.array(record), total: z.number(), size: z.number(), current: z.number(), pages: z.number() });

/** A worksheet import's answer (users, members): counts and the refused cells. */
export const importAnswer = z.object({
  total: z.number(),
  imported: z.number(),
  /** Rows that passed every check (what a real import would insert). */
  valid: z.number(),
  dryRun: z.boolean(),
  /** Worksheet row (the header is row 1), the column's header text, and what is wrong. */
  errors: z.array(z.object({ row: z.number(), column: z.string(), message: z.string() })),
});
export type ImportAnswer = z.infer<typeof importAnswer>;
export type ImportError = ImportAnswer['errors'][number];

export const MAX_PAGE_SIZE = 5000;
export const DEFAULT_PAGE_SIZE = 10;
/** Page-size choices shown by every table (specification §9). */
export const PAGE_SIZE_OPTIONS = [10, 30, 50, 100, 200] as const;

export const pageQuery = z.object({
  current: z.coerce.number({ message: '页码必须是数字' }).int('页码必须是整数').min(1, '页码不能小于1').max(1_000_000, '页码过大').default(1),
  size: z.coerce
    .number({ message: '每页条数必须是数字' })
    .int('每页条数必须是整数')
    .min(1, '每页条数不能小于1')
    .max(MAX_PAGE_SIZE, `每页条数不能超过${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
  ascs: z.string().max(500).optional(),
  descs: z.string().max(500).optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Standard success messages of the generic CRUD calls (wire contract §3). */
export const MSG = {
  ok: '操作成功',
  added: '新增成功',
  updated: '更新成功',
  removed: '删除成功',
  selectAtLeastOne: '请选择至少一条数据',
  confirmDelete: '确定将选择数据删除?',
  systemError: '系统错误',
  unknownError: '未知错误',
  unauthorized: '无权限访问',
  notFound: '数据不存在或无权访问',
  forbidden: '没有访问该接口的权限',
  notLoggedIn: '用户未登录',
  refreshInvalid: 'refreshToken有误或已过期',
  badClient: '客户端认证失败',
  tooLarge: '请求内容过大',
  tooMany: '请求过于频繁,请稍后再试',
  badJson: '请求内容不是合法的JSON',
  badContentType: '不支持的请求内容类型',
  routeNotFound: '请求的接口不存在',
  serverError: '服务器开小差了,请稍后再试',
} as const;

/**
 * A record id on the wire: a bigint as text of 1–19 digits. The pattern is written here only; code
 * that checks an id without zod uses ID_RE, schemas use idField / idOf.
 */
const ID = String.raw`\d{1,19}`;
export const ID_RE = new RegExp(`^${ID}$`);
/** A comma-separated id list (BladeX's `ids`). */
export const ID_LIST_RE = new RegExp(`^${ID}(,${ID})*$`);
/** An id, or nothing: for fields where '' clears the value. */
export const ID_OR_EMPTY_RE = new RegExp(`^(${ID})?$`);
/** A comma-separated id list, or nothing. */
export const ID_LIST_OR_EMPTY_RE = new RegExp(`^(${ID}(,${ID})*)?$`);
export const ID_MSG = '数据编号格式不正确';

/**
 * An id field refusing anything but ID_RE with `message`. `trim` strips surrounding blanks before the
 * check (where the field always did so; elsewhere a blank is a format error); `required` is the
 * message when the value is missing or not text.
 */
export const idOf = (message: string = ID_MSG, opts: { trim?: boolean; required?: string } = {}) => {
  const text = opts.required === undefined ? z.string() : z.string({ message: opts.required });
  return (opts.trim ? text.trim() : text).regex(ID_RE, message);
};
/** An id field with the usual message (数据编号格式不正确). */
export const idField = idOf();
/** A required id (trimmed): `message` both when it is missing and when it is malformed. */
export const requiredId = (message: string = ID_MSG) => idOf(message, { trim: true, required: message });
/** The `deptId` filter of org-owned lists (that org and below); '' filters nothing. */
export const deptIdFilter = z.union([idOf('机构编号格式不正确', { trim: true }), z.literal('')]).optional();

/** Comma-separated id list as BladeX's `remove` takes it. */
export const idsQuery = z.object({
  ids: z.string({ message: '请选择至少一条数据' }).trim().min(1, '请选择至少一条数据').max(20000, '一次选择的数据过多').regex(ID_LIST_RE, ID_MSG),
});

export const idQuery = z.object({
  id: idOf(ID_MSG, { trim: true, required: '请提供数据编号' }),
});
