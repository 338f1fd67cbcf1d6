import type { ReactNode } from 'react';
import type { FormRule } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CrudApi, Saved } from '../../api/crud';
import type { LazyTree } from './lazyTree';

/** A choice of a search select. */
export interface CrudSearchOption {
  value: string | number;
  label: string;
}

/** A text field of the search form, a select with `options`, or any control through `input`. */
export interface CrudSearchField {
  name: string;
  label: string;
  /** The control; a clearable Input with 请输入{label} by default. */
  input?: ReactNode;
  /** Choices: the control is a clearable Select with 请选择{label} (when there is no `input`). */
  options?: CrudSearchOption[];
  /** Width of the select in pixels. Default 140. */
  width?: number;
}

/** A date-range search on `name`, sent as `${name}_dategt` / `${name}_datelt` (specification §5). */
export interface CrudDateRange {
  name: string;
  label: string;
}

/** A field of the add / edit / view dialog. */
export interface CrudFormField {
  name: string;
  label: string;
  /** Shows the required mark; the check itself is in `rules`. */
  required?: boolean;
  /** Validated on blur (specification §5) and again on submit. */
  rules?: FormRule[];
  /** The control; an Input by default. */
  input?: ReactNode;
  /** When the rules run; on blur by default (specification §5). Selects and radios also check on change. */
  validateTrigger?: string | string[];
}

/** A node of a tree select in a dialog (上级机构, 上级字典, 上级角色 …). */
export interface TreeChoice {
  title: string;
  value: string;
  key: string;
  disabled?: boolean;
  children?: TreeChoice[];
}

/** The dialog's fields: a fixed list, or per opening (mode and the row being edited or viewed). */
export type CrudFields<Row> = CrudFormField[] | ((mode: DialogMode, row: Row | undefined) => CrudFormField[]);

/**
 * Permission codes of the screen's buttons (wire contract §5); a button without a code is not shown.
 * `true`: every signed-in user (a route the server declares 'authenticated', e.g. one's own notes).
 */
export interface CrudPermissions {
  add?: string | true;
  edit?: string | true;
  delete?: string | true;
  view?: string | true;
}

export type DialogMode = 'add' | 'edit' | 'view';

/** What a screen's own buttons may ask of the table. */
export interface CrudTableHandle {
  /** Opens the 新增 dialog with these starting values (instead of `addValues`). */
  openAdd: (values?: Record<string, unknown>) => void;
}

export interface CrudTableProps<Row extends object, Body> {
  api: CrudApi<Row, Body>;
  /**
   * The screen's columns, each with a `width` (its comfortable width) and, for long text that may give
   * way on a narrow screen, a `minWidth`; cut text shows whole in a tooltip. See tableFit.ts.
   */
  columns: ColumnsType<Row>;
  /** The dialog's fields; without them there is no add / edit / view. */
  fields?: CrudFields<Row>;
  search?: CrudSearchField[];
  dateRange?: CrudDateRange;
  permissions: CrudPermissions;
  /** Record key, also the `ids` of remove and the `id` of an update. Default `id`. */
  rowKey?: keyof Row & string;
  /** The dialog's starting values from a row (edit, view). Default: the fields' names picked from the row. */
  toFormValues?: (row: Row) => Record<string, unknown>;
  /** Prefix of the data-testid attributes. Default `crud`. */
  testId?: string;
  /** Width of the 操作 column; by default as wide as its buttons (查看 / 编辑 / 删除 and `rowActionLabels`). */
  actionWidth?: number;
  /** Labels of the buttons `rowActions` may show in a row, to size the 操作 column (e.g. ['会员代表', '变更记录']). */
  rowActionLabels?: readonly string[];
  /** The 新增 dialog's starting values (e.g. a parent's code). Default: none. */
  addValues?: () => Record<string, unknown>;
  /** The validated form values as they go to submit (before the id and version of an update are added). */
  fromFormValues?: (values: Record<string, unknown>, row: Row | undefined) => Record<string, unknown>;
  /** Called after a successful save, once the dialog has closed (e.g. to show a value answered once). */
  onSaved?: (saved: Saved<Row>, mode: 'add' | 'edit') => void;
  /** Whether a row may be edited or deleted (a submitted report is read-only); both by default. */
  rowAllows?: (row: Row) => { edit?: boolean; remove?: boolean };
  /**
   * More buttons of a row's 操作 column, after 查看 / 编辑 / 删除 (`table.openAdd` opens 新增 with given
   * values, e.g. 新增子项): small link buttons with text only, their labels in `rowActionLabels`.
   */
  rowActions?: (row: Row, table: CrudTableHandle) => ReactNode;
  /** Multi-select with the checkbox column. Default true. */
  selectable?: boolean;
  /** Width of the dialog's labels. Default 96px. */
  labelWidth?: number;
  /**
   * Filters the screen sets itself (e.g. the org picked in a tree beside the table), sent with the
   * search's; a change goes back to page 1. Default: none.
   */
  filters?: Record<string, string | number | boolean>;
  /**
   * More toolbar buttons after 新增 / 删除, given the ids of the selected rows (e.g. bulk 启用) and the
   * list's current filters, search and `filters` together, without paging (e.g. for 导出).
   */
  toolbar?: (selectedIds: string[], filters: Record<string, string | number | boolean>) => ReactNode;
  /**
   * A tree table loaded level by level instead of pages: the list answers the top level (or, searched,
   * the matching forest) and rows load their children as they unfold. Default: a paged list.
   */
  lazyTree?: LazyTree<Row>;
  /** The 序号 column. Default true. */
  indexColumn?: boolean;
}
