import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ApiLogView, ErrorLogView, LogCommonView, LogKind, UsualLogView } from '../../../api/log/bladeLog';
import { API_LOG_TYPES } from './logFormat';

const head: ColumnsType<LogCommonView> = [
  { key: 'createTime', dataIndex: 'createTime', title: '日志时间', width: 175 },
  { key: 'createBy', dataIndex: 'createBy', title: '操作人', width: 110, minWidth: 80 },
  { key: 'method', dataIndex: 'method', title: '请求方法', width: 90, align: 'center' },
  { key: 'requestUri', dataIndex: 'requestUri', title: '请求地址', width: 280, minWidth: 160 },
];
const tail: ColumnsType<LogCommonView> = [{ key: 'remoteIp', dataIndex: 'remoteIp', title: '操作IP', width: 130, minWidth: 110 }];

const statusColor = (status: number | null) => (status === null ? 'default' : status >= 500 ? 'error' : status >= 400 ? 'warning' : 'success');

/** 通用日志: time, user, method, address, level, business id. */
const USUAL: ColumnsType<UsualLogView> = [
  ...(head as ColumnsType<UsualLogView>),
  { key: 'logLevel', dataIndex: 'logLevel', title: '日志级别', width: 100, align: 'center', render: (v: string | null) => (v ? <Tag>{v}</Tag> : '-') },
  { key: 'logId', dataIndex: 'logId', title: '日志业务ID', width: 160, minWidth: 110 },
  ...(tail as ColumnsType<UsualLogView>),
];

/** 接口日志: time, user, method, address, name, type, status, duration. */
const API: ColumnsType<ApiLogView> = [
  ...(head as ColumnsType<ApiLogView>),
  { key: 'title', dataIndex: 'title', title: '日志名称', width: 220, minWidth: 120 },
  {
    key: 'type',
    dataIndex: 'type',
    title: '日志类型',
    width: 90,
    align: 'center',
    render: (v: string | null) => (v ? <Tag color={v === '1' ? 'success' : 'error'}>{API_LOG_TYPES[v] ?? v}</Tag> : '-'),
  },
  {
    key: 'status',
    dataIndex: 'status',
    title: '状态码',
    width: 80,
    align: 'center',
    render: (v: number | null) => <Tag color={statusColor(v)}>{v ?? '-'}</Tag>,
  },
  {
    key: 'time',
    dataIndex: 'time',
    title: '执行时长',
    width: 100,
    align: 'right',
    render: (v: number | null) => (v === null || v === undefined ? '-' : `${v} ms`),
  },
  ...(tail as ColumnsType<ApiLogView>),
];

/** 错误日志: time, user, method, address, exception, message. */
const ERROR: ColumnsType<ErrorLogView> = [
  ...(head as ColumnsType<ErrorLogView>),
  { key: 'exceptionName', dataIndex: 'exceptionName', title: '异常名', width: 180, minWidth: 120 },
  { key: 'message', dataIndex: 'message', title: '异常信息', width: 320, minWidth: 160 },
  ...(tail as ColumnsType<ErrorLogView>),
];

export const LOG_COLUMNS: Record<LogKind, ColumnsType<LogCommonView>> = {
  usual: USUAL as ColumnsType<LogCommonView>,
  api: API as ColumnsType<LogCommonView>,
  error: ERROR as ColumnsType<LogCommonView>,
};
