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

/** Comma-separated id list as BladeX's `remove` takes it. */
export const idsQuery = z.object({
  ids: z
    .string({ message: '请选择至少一条数据' })
    .trim()
    .min(1, '请选择至少一条数据')
    .max(20000, '一次选择的数据过多')
    .regex(/^\d{1,19}(,\d{1,19})*$/, '数据编号格式不正确'),
});

export const idQuery = z.object({
  id: z.string({ message: '请提供数据编号' }).trim().regex(/^\d{1,19}$/, '数据编号格式不正确'),
});
