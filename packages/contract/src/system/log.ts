import { z } from 'zod';

/**
 * The server's logs (specification §7 "blade-log: GET usual, api and error lists and details"). A list
 * row carries the shared columns and its kind's own; a detail carries every column (the optional ones
 * below), params, logData and stackTrace included.
 */
export const logCommonRecord = z.object({
  id: z.string(),
  tenantId: z.string().nullable().optional(),
  serviceId: z.string().nullable(),
  serverHost: z.string().nullable(),
  serverIp: z.string().nullable().optional(),
  env: z.string().nullable(),
  method: z.string().nullable(),
  requestUri: z.string().nullable(),
  userAgent: z.string().nullable().optional(),
  remoteIp: z.string().nullable(),
  methodClass: z.string().nullable().optional(),
  methodName: z.string().nullable().optional(),
  params: z.string().nullable().optional(),
  createBy: z.string().nullable(),
  createUser: z.string().nullable().optional(),
  createDept: z.string().nullable().optional(),
  createTime: z.string().nullable(),
});
export type LogCommonView = z.infer<typeof logCommonRecord>;

export const usualLogRecord = logCommonRecord.extend({
  logLevel: z.string().nullable(),
  logId: z.string().nullable(),
  logData: z.string().nullable().optional(),
});
export type UsualLogView = z.infer<typeof usualLogRecord>;

export const apiLogRecord = logCommonRecord.extend({
  /** 1 normal (HTTP < 400), 2 failed. */
  type: z.string().nullable(),
  title: z.string().nullable(),
  /** Milliseconds. */
  time: z.number().nullable(),
  status: z.number().nullable(),
});
export type ApiLogView = z.infer<typeof apiLogRecord>;

export const errorLogRecord = logCommonRecord.extend({
  exceptionName: z.string().nullable(),
  message: z.string().nullable(),
  stackTrace: z.string().nullable().optional(),
  lineNumber: z.number().nullable().optional(),
  fileName: z.string().nullable().optional(),
});
export type ErrorLogView = z.infer<typeof errorLogRecord>;

export type LogView = UsualLogView | ApiLogView | ErrorLogView;
