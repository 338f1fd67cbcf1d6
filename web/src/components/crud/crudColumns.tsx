import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { rowIndex } from './crudLogic';

export interface RowActions<Row> {
  view?: (row: Row) => void;
  edit?: (row: Row) => void;
  remove?: (row: Row) => void;
  /** The screen's own further buttons of a row. */
  extra?: (row: Row) => ReactNode;
  /** Per row: whether 编辑 / 删除 apply (both by default). */
  allows?: (row: Row) => { edit?: boolean; remove?: boolean };
}

interface BuildColumnsOptions<Row> {
  columns: ColumnsType<Row>;
  page: { current: number; size: number };
  actions: RowActions<Row>;
  actionWidth: number;
  testId: string;
  /**
   * The page's own rows. With tree data (rows with `children`) only these get a 序号; the nested rows
   * they unfold to have none. Default: every row is numbered.
   */
  topLevel?: ReadonlySet<Row>;
}

/**
 * The table's columns: 序号 (continuing across pages), the screen's own columns, and 操作 with
 * 查看 / 编辑 / 删除 for the actions the user may take (none: no 操作 column).
 */
export function buildColumns<Row extends object>({ columns, page, actions, actionWidth, testId, topLevel }: BuildColumnsOptions<Row>): ColumnsType<Row> {
  const index: ColumnsType<Row>[number] = {
    key: '__index',
    title: '序号',
    width: 64,
    align: 'center',
    render: (_value, row, i) => (!topLevel || topLevel.has(row) ? rowIndex(page.current, page.size, i) : null),
  };
  const { view, edit, remove, extra, allows } = actions;
  if (!view && !edit && !remove && !extra) return [index, ...columns];
  const operations: ColumnsType<Row>[number] = {
    key: '__actions',
    title: '操作',
    width: actionWidth,
    align: 'center',
    fixed: 'right',
    render: (_value, row) => (
      <Space size={0}>
        {view && (
          <Button type="link" size="small" icon={<EyeOutlined />} onClick={() => view(row)} data-testid={`${testId}-row-view`}>
            查看
          </Button>
        )}
        {edit && allows?.(row).edit !== false && (
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => edit(row)} data-testid={`${testId}-row-edit`}>
            编辑
          </Button>
        )}
        {remove && allows?.(row).remove !== false && (
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)} data-testid={`${testId}-row-delete`}>
            删除
          </Button>
        )}
        {extra?.(row)}
      </Space>
    ),
  };
  return [index, ...columns, operations];
}
