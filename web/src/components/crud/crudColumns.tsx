import type { ReactNode } from 'react';
import { Button, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { rowIndex } from './crudLogic';
import { withEllipsis } from './EllipsisCell';
import { INDEX_WIDTH, actionColumnWidth } from './tableFit';

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
  /** Width of 操作; by default as wide as its 查看 / 编辑 / 删除 and the labels in `extraLabels`. */
  actionWidth?: number;
  /** Labels of the screen's own row buttons (`extra`), to size 操作. */
  extraLabels?: readonly string[];
  /** Given each row's drawn buttons, so 操作 can grow should they need more than their labels said. */
  onActionsDrawn?: (buttons: HTMLDivElement | null) => void;
  testId: string;
  /**
   * The page's own rows. With tree data (rows with `children`) only these get a 序号; the nested rows
   * they unfold to have none. Default: every row is numbered.
   */
  topLevel?: ReadonlySet<Row>;
  /** With the 序号 column. Default true. */
  index?: boolean;
}

/** Width of 操作: as given, or as wide as the buttons the user may use and the screen's own labels. */
export function operationsWidth<Row>(
  { view, edit, remove, extra }: RowActions<Row>,
  actionWidth: number | undefined,
  extraLabels: readonly string[] = [],
): number {
  if (actionWidth) return actionWidth;
  const labels = [view && '查看', edit && '编辑', remove && '删除', ...(extra ? extraLabels : [])].filter((l): l is string => Boolean(l));
  return actionColumnWidth(labels);
}

/**
 * The table's columns: 序号 (continuing across pages), the screen's own columns (one line each, cut
 * text whole in a tooltip), and 操作 with 查看 / 编辑 / 删除 for the actions the user may take (none: no
 * 操作 column). Row buttons are text links without icons, as narrow as their labels, so that 操作 takes
 * as little room from the data as it can.
 */
export function buildColumns<Row extends object>({
  columns,
  page,
  actions,
  actionWidth,
  extraLabels = [],
  onActionsDrawn,
  testId,
  topLevel,
  index: numbered = true,
}: BuildColumnsOptions<Row>): ColumnsType<Row> {
  const index: ColumnsType<Row>[number] = {
    key: '__index',
    title: '序号',
    width: INDEX_WIDTH,
    align: 'center',
    render: (_value, row, i) => (!topLevel || topLevel.has(row) ? rowIndex(page.current, page.size, i) : null),
  };
  const { view, edit, remove, extra, allows } = actions;
  const data = numbered ? [index, ...withEllipsis(columns)] : withEllipsis(columns);
  if (!view && !edit && !remove && !extra) return data;
  const operations: ColumnsType<Row>[number] = {
    key: '__actions',
    title: '操作',
    width: operationsWidth(actions, actionWidth, extraLabels),
    align: 'center',
    fixed: 'right',
    render: (_value, row) => (
      <Space size={0} className="crud-row-actions" ref={onActionsDrawn}>
        {view && (
          <Button type="link" size="small" onClick={() => view(row)} data-testid={`${testId}-row-view`}>
            查看
          </Button>
        )}
        {edit && allows?.(row).edit !== false && (
          <Button type="link" size="small" onClick={() => edit(row)} data-testid={`${testId}-row-edit`}>
            编辑
          </Button>
        )}
        {remove && allows?.(row).remove !== false && (
          <Button type="link" size="small" danger onClick={() => remove(row)} data-testid={`${testId}-row-delete`}>
            删除
          </Button>
        )}
        {extra?.(row)}
      </Space>
    ),
  };
  return [...data, operations];
}
