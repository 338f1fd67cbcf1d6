import { apiLogRecord, errorLogRecord, usualLogRecord } from '@gsl/contract';
import type { ZodType } from 'zod';
import { fieldsOn } from '../../platform/db/fields.js';
import type { FieldWhitelist } from '../../platform/http/paging.js';

/** The three BladeX log tables behind one module (specification §7 "blade-log usual, api and error"). */
export interface LogKind {
  table: 'bladeLogUsual' | 'bladeLogApi' | 'bladeLogError';
  path: 'usual' | 'api' | 'error';
  permission: 'log_usual' | 'log_api' | 'log_error';
  label: string;
  /** The answer's schema: a list row has listColumns, a detail every column. */
  record: ZodType;
  /** Columns of a list row (large columns such as stack traces only in the detail). */
  listColumns: string[];
  fields: FieldWhitelist;
}

const common = fieldsOn('l', { requestUri: 'text', method: 'text', remoteIp: 'text', createBy: 'text', serviceId: 'text', createTime: 'date' });
const base = ['id', 'serviceId', 'serverHost', 'env', 'method', 'requestUri', 'remoteIp', 'createBy', 'createTime'];

export const LOG_KINDS: LogKind[] = [
  {
    table: 'bladeLogUsual',
    path: 'usual',
    permission: 'log_usual',
    label: '通用日志',
    record: usualLogRecord,
    listColumns: [...base, 'logLevel', 'logId'],
    fields: { ...common, ...fieldsOn('l', { logLevel: 'text', logId: 'text' }) },
  },
  {
    table: 'bladeLogApi',
    path: 'api',
    permission: 'log_api',
    label: '接口日志',
    record: apiLogRecord,
    listColumns: [...base, 'type', 'title', 'time', 'status'],
    fields: { ...common, ...fieldsOn('l', { title: 'text', type: 'text', status: 'int', time: 'int' }) },
  },
  {
    table: 'bladeLogError',
    path: 'error',
    permission: 'log_error',
    label: '错误日志',
    record: errorLogRecord,
    listColumns: [...base, 'exceptionName', 'message'],
    fields: { ...common, ...fieldsOn('l', { exceptionName: 'text', message: 'text' }) },
  },
];
