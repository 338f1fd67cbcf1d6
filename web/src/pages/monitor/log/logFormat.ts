import type { LogKind } from '../../../api/log/bladeLog';

/** Chinese labels of the log columns, in the order the detail shows them. */
export const LOG_LABELS: Record<string, string> = {
  createTime: '日志时间',
  createBy: '操作人',
  title: '日志名称',
  type: '日志类型',
  status: '状态码',
  time: '执行时长',
  logLevel: '日志级别',
  logId: '日志业务ID',
  exceptionName: '异常名',
  message: '异常信息',
  method: '请求方法',
  requestUri: '请求地址',
  remoteIp: '操作IP',
  userAgent: '用户代理',
  serviceId: '服务ID',
  serverHost: '服务器名',
  serverIp: '服务器IP',
  env: '系统环境',
  methodClass: '方法类',
  methodName: '方法名',
  fileName: '文件名',
  lineNumber: '错误行号',
  params: '请求参数',
  logData: '日志数据',
  stackTrace: '堆栈信息',
  id: '日志编号',
  tenantId: '租户ID',
  createUser: '操作人ID',
  createDept: '操作部门ID',
};

/** Long values shown whole in a monospace block (params, data, stack trace). */
export const BLOCK_FIELDS = new Set(['params', 'logData', 'stackTrace']);

/** 接口日志's type: 1 the call succeeded (HTTP < 400), 2 it failed. */
export const API_LOG_TYPES: Record<string, string> = { '1': '正常', '2': '异常' };

export interface DetailEntry {
  key: string;
  label: string;
  /** The value as text ('' when empty). */
  text: string;
  block: boolean;
}

/** JSON (params, log data) pretty-printed; anything else as it is. */
export function prettyText(value: string): string {
  const text = value.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return value;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return value;
  }
}

function display(kind: LogKind, key: string, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (kind === 'api' && key === 'type') return API_LOG_TYPES[String(value)] ?? String(value);
  if (kind === 'api' && key === 'time') return `${String(value)} ms`;
  if (typeof value === 'object') return JSON.stringify(value, null, 2);
  const text = String(value);
  return BLOCK_FIELDS.has(key) ? prettyText(text) : text;
}

/**
 * Every field of a log row for the 详情: the known ones in LOG_LABELS' order (empty ones too, shown
 * as -), then any the server added, under their own name.
 */
export function detailEntries(kind: LogKind, row: Record<string, unknown>): DetailEntry[] {
  const known = Object.keys(LOG_LABELS).filter((key) => key in row);
  const extra = Object.keys(row).filter((key) => !(key in LOG_LABELS));
  return [...known, ...extra].map((key) => ({ key, label: LOG_LABELS[key] ?? key, text: display(kind, key, row[key]), block: BLOCK_FIELDS.has(key) }));
}
