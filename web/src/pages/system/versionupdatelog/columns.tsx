import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { VersionLogView } from '../../../api/system/versionLog';

const TYPE_COLORS: Record<number, string> = { 1: 'processing', 2: 'success', 3: 'warning' };

/** 版本号, 更新标题, 更新类型, 发布时间, 更新内容. */
export const VERSION_LOG_COLUMNS: ColumnsType<VersionLogView> = [
  { key: 'versionNo', dataIndex: 'versionNo', title: '版本号', width: 120 },
  { key: 'title', dataIndex: 'title', title: '更新标题', width: 240, minWidth: 160 },
  {
    key: 'updateType',
    dataIndex: 'updateType',
    title: '更新类型',
    width: 100,
    align: 'center',
    render: (value: number, row) => <Tag color={TYPE_COLORS[value] ?? 'default'}>{row.updateTypeName || value}</Tag>,
  },
  { key: 'publishTime', dataIndex: 'publishTime', title: '发布时间', width: 180 },
  { key: 'content', dataIndex: 'content', title: '更新内容', width: 360, minWidth: 200 },
];
