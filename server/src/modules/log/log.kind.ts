import { apiLogRecord, errorLogRecord, usualLogRecord } from '@gsl/contract';
import type { ZodType } from 'zod';
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

const common: FieldWhitelist = {
  requestUri: { column: 'l.requestUri', kind: 'text' },
  method: { column: 'l.method', kind: 'text' },
  remoteIp: { column: 'l.remoteIp', kind: 'text' },
  createBy: { column: 'l.createBy', kind: 'text' },
  serviceId: { column: 'l.serviceId', kind: 'text' },
  createTime: { column: 'l.createTime', kind: 'date' },
};
const base = ['id', 'serviceId', 'serverHost', 'env', 'method', 'requestUri', 'remoteIp', 'createBy', 'createTime'];

export const LOG_KINDS: LogKind[] = [
  {
    table: 'bladeLogUsual',
    path: 'usual',
    permission: 'log_usual',
    label: '通用日志',
    record: usualLogRecord,
    listColumns: [...base, 'logLevel', 'logId'],
    fields: { ...common, logLevel: { column: 'l.logLevel', kind: 'text' }, logId: { column: 'l.logId', kind: 'text' } },
  },
  {
    table: 'bladeLogApi',
    path: 'api',
    permission: 'log_api',
    label: '接口日志',
    record: apiLogRecord,
    listColumns: [...base, 'type', 'title', 'time', 'status'],
    fields: {
      ...common,
      title: { column: 'l.title', kind: 'text' },
      type: { column: 'l.type', kind: 'text' },
      status: { column: 'l.status', kind: 'int' },
      time: { column: 'l.time', kind: 'int' },
    },
  },
  {
    table: 'bladeLogError',
    path: 'error',
    permission: 'log_error',
    label: '错误日志',
    record: errorLogRecord,
    listColumns: [...base, 'exceptionName', 'message'],
    fields: { ...common, exceptionName: { column: 'l.exceptionName', kind: 'text' }, message: { column: 'l.message', kind: 'text' } },
  },
];
