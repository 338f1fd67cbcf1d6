import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { MenuAdminRow } from '../../../api/system/menu';
import { menuIcon } from '../../../app/shell/menuIcons';

export const MENU_COLUMNS: ColumnsType<MenuAdminRow> = [
  {
    key: 'name',
    dataIndex: 'name',
    title: '菜单名称',
    width: 260,
    minWidth: 180,
    render: (name: string, row) => (
      <Space size={6}>
        {menuIcon(row.source)}
        {name}
      </Space>
    ),
  },
  { key: 'path', dataIndex: 'path', title: '路由地址', width: 220, minWidth: 140 },
  { key: 'code', dataIndex: 'code', title: '菜单编号', width: 180, minWidth: 120 },
  {
    key: 'category',
    dataIndex: 'category',
    title: '菜单类型',
    width: 100,
    align: 'center',
    render: (v: number) => (v === 2 ? <Tag color="orange">按钮</Tag> : <Tag color="blue">菜单</Tag>),
  },
  { key: 'alias', dataIndex: 'alias', title: '菜单别名', width: 120, minWidth: 90 },
  { key: 'sort', dataIndex: 'sort', title: '菜单排序', width: 100, align: 'center' },
];
