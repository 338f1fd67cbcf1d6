import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { RoleRow } from '../../../api/system/role';

/** 1 启用 (the role grants), 0 禁用 (it grants nothing until enabled again). */
export const statusTag = (status: number) =>
  status === 1 ? (
    <Tag color="success" data-testid="role-status" data-status="1">
      启用
    </Tag>
  ) : (
    <Tag color="error" data-testid="role-status" data-status="0">
      禁用
    </Tag>
  );

/** Names take what room there is (a tree: nested roles are indented); 排序 and 状态 keep theirs. */
export const ROLE_COLUMNS: ColumnsType<RoleRow> = [
  { key: 'roleName', dataIndex: 'roleName', title: '角色名称', width: 220, minWidth: 150 },
  { key: 'roleAlias', dataIndex: 'roleAlias', title: '角色别名', width: 180, minWidth: 110 },
  { key: 'deptName', dataIndex: 'deptName', title: '所属机构', width: 180, minWidth: 110, render: (v: string | null) => v || '通用' },
  { key: 'sort', dataIndex: 'sort', title: '角色排序', width: 100, align: 'center' },
  { key: 'status', dataIndex: 'status', title: '状态', width: 90, align: 'center', render: (v: number) => statusTag(v) },
];
