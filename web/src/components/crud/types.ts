import type { ReactNode } from 'react';
import type { FormRule } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { CrudApi } from '../../api/crud';

/** A text field of the search form (other controls through `input`). */
export interface CrudSearchField {
  name: string;
  label: string;
  /** The control; a clearable Input with 请输入{label} by default. */
  input?: ReactNode;
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
}

/** Permission codes of the screen's buttons (wire contract §5); a button without a code is not shown. */
export interface CrudPermissions {
  add?: string;
  edit?: string;
  delete?: string;
  view?: string;
}

export type DialogMode = 'add' | 'edit' | 'view';

export interface CrudTableProps<Row extends object, Body> {
  api: CrudApi<Row, Body>;
  columns: ColumnsType<Row>;
  /** The dialog's fields; without them there is no add / edit / view. */
  fields?: CrudFormField[];
  search?: CrudSearchField[];
  dateRange?: CrudDateRange;
  permissions: CrudPermissions;
  /** Record key, also the `ids` of remove and the `id` of an update. Default `id`. */
  rowKey?: keyof Row & string;
  /** The dialog's starting values from a row (edit, view). Default: the fields' names picked from the row. */
  toFormValues?: (row: Row) => Record<string, unknown>;
  /** Prefix of the data-testid attributes. Default `crud`. */
  testId?: string;
  /** Width of the 操作 column. */
  actionWidth?: number;
}
