import { useCallback, useEffect, useState, type Key } from 'react';
import { App, Button, Empty, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MSG } from '@gsl/contract';
import { useCrudList, useCrudWrites } from '../../api/crud';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { useCan } from '../Access';
import { usePagination } from '../pagination';
import { buildColumns, operationsWidth, type RowActions } from './crudColumns';
import { confirmAction, withSelection } from './confirm';
import { CrudFormDialog } from './CrudFormDialog';
import {
  clampPage,
  listQuery,
  pickFields,
  rowKeysDeep,
  sameFilters,
  sortOf,
  sortQuery,
  submitBody,
  toSearchFilters,
  type Filters,
  type SortState,
} from './crudLogic';
import { SearchBar } from './SearchBar';
import { CELL_CHROME, SELECTION_WIDTH } from './tableFit';
import { useTableFit } from './useTableFit';
import { useLazyTree } from './lazyTree';
import type { CrudTableHandle, CrudTableProps, DialogMode } from './types';
import { LoadError } from '../LoadError';
import './crud.css';

interface DialogState<Row> {
  open: boolean;
  mode: DialogMode;
  row?: Row;
  /** A new number per opening: the form is built afresh. */
  key: number;
  /** The form's starting values, taken when the dialog opens. */
  values?: Record<string, unknown>;
}

/**
 * The shared list screen of the administration pages (specification §2 "Generic administration
 * screens", §5, §8, §9): search (empty fields dropped, back to page 1), 新增 and bulk 删除, a
 * multi-select table with 序号 and 查看 / 编辑 / 删除, paging 10/30/50/100/200 with the total, and the
 * add / edit / view dialog. Buttons follow the user's permission codes; the server checks anyway.
 */
export function CrudTable<Row extends object, Body>(props: CrudTableProps<Row, Body>) {
  const {
    api,
    columns,
    fields,
    search,
    dateRange,
    permissions,
    rowKey = 'id' as keyof Row & string,
    toFormValues,
    testId = 'crud',
    actionWidth,
    rowActionLabels,
  } = props;
  const {
    addValues,
    fromFormValues,
    onSaved,
    rowActions,
    rowAllows,
    selectable = true,
    labelWidth,
    filters: fixedFilters,
    toolbar,
    lazyTree,
    indexColumn = true,
  } = props;
  const can = useCan();
  const { modal } = App.useApp();
  const [filters, setFilters] = useState<Filters>({});
  const { query: page, pagination, reset: firstPage, setPage } = usePagination();
  const [dialog, setDialog] = useState<DialogState<Row>>({ open: false, mode: 'add', key: 0 });
  // A column header's sort (columns with `sorter: true`): ascs/descs of the wire contract, back to page 1.
  const [sort, setSort] = useState<SortState | null>(null);

  // The screen's own filters (a tree beside the table): a change starts again at page 1.
  const fixedText = JSON.stringify(fixedFilters ?? {});
  const [fixedSeen, setFixedSeen] = useState(fixedText);
  if (fixedSeen !== fixedText) {
    setFixedSeen(fixedText);
    if (page.current !== 1) firstPage();
  }
  // A lazy tree is not paged: its list takes the filters alone.
  const query = { ...(lazyTree ? { ...filters, ...fixedFilters } : listQuery({ ...filters, ...fixedFilters }, page)), ...sortQuery(sort) };
  const list = useCrudList(api, query);
  const { save, remove } = useCrudWrites(api);
  const idOf = (row: Row) => String((row as Record<string, unknown>)[rowKey]);
  const queryText = JSON.stringify(query);
  // A lazy tree shows searched rows as a forest, unfolded once they have come (useLazyTree).
  const searched = Object.keys(filters).length ? `${queryText}:${list.isSuccess && !list.isPlaceholderData ? 'in' : 'pending'}` : undefined;
  const tree = useLazyTree(lazyTree, list.data?.records ?? [], searched, idOf);
  const records = tree.rows;

  // The selection belongs to the page it was made on: another page or search starts empty, and
  // rows that left the page (deleted elsewhere) are not deleted unseen.
  const [selection, setSelection] = useState<{ query: string; keys: Key[] }>({ query: queryText, keys: [] });
  const onPage = rowKeysDeep(records, idOf); // with tree data, nested rows may be selected too
  const selected = selection.query === queryText ? selection.keys.filter((k) => onPage.has(String(k))) : [];
  const setSelected = (keys: Key[]) => setSelection({ query: queryText, keys });

  // The last rows of a page were deleted (by us or someone else): show the new last page.
  const back = clampPage(page.current, page.size, list.data?.total ?? 0, records.length);
  useEffect(() => {
    if (back && !list.isPlaceholderData) setPage((p) => ({ ...p, current: back }));
  }, [back, list.isPlaceholderData, setPage]);

  const allowed = (code?: string | true) => code === true || Boolean(code && can(code));
  const canAdd = Boolean(fields) && allowed(permissions.add);
  const canDelete = allowed(permissions.delete);

  const fieldsFor = (mode: DialogMode, row: Row | undefined) => (typeof fields === 'function' ? fields(mode, row) : fields);
  const startValues = (mode: DialogMode, row: Row | undefined): Record<string, unknown> | undefined => {
    if (!row) return addValues?.();
    if (toFormValues) return toFormValues(row);
    return pickFields(
      row,
      (fieldsFor(mode, row) ?? []).map((f) => f.name),
    );
  };
  const openDialog = (mode: DialogMode, row?: Row) => setDialog((d) => ({ open: true, mode, row, key: d.key + 1, values: startValues(mode, row) }));
  const handle: CrudTableHandle = {
    openAdd: (values) => setDialog((d) => ({ open: true, mode: 'add', row: undefined, key: d.key + 1, values: values ?? addValues?.() })),
  };
  const closeDialog = () => setDialog((d) => ({ ...d, open: false }));

  const confirmRemove = (selected: string[]) =>
    withSelection(selected, (ids) =>
      confirmAction(modal, {
        content: MSG.confirmDelete,
        okTestId: `${testId}-delete-confirm`,
        // Resolves either way so the confirmation closes; a failure was already told by http.ts.
        onOk: () =>
          remove.mutateAsync(ids).then(({ msg }) => {
            toast.success(msg || MSG.removed); // the refetched page no longer holds (nor selects) them
            tree.removed(ids);
          }, tellUnhandled),
      }),
    );

  const submit = (values: Record<string, unknown>) => {
    const editing = dialog.mode === 'edit' ? dialog.row : undefined;
    const formValues = fromFormValues ? fromFormValues(values, editing) : values;
    const body = submitBody(formValues, editing, rowKey);
    save.mutateAsync(body as Body).then((saved) => {
      toast.success(saved.msg || (editing ? MSG.updated : MSG.added));
      closeDialog();
      if (!editing) tree.added(body);
      onSaved?.(saved, editing ? 'edit' : 'add');
    }, tellUnhandled); // a refused save keeps the dialog open; the list refreshes (useCrudWrites)
  };

  const actions: RowActions<Row> = {
    view: fields && allowed(permissions.view) ? (row) => openDialog('view', row) : undefined,
    edit: fields && allowed(permissions.edit) ? (row) => openDialog('edit', row) : undefined,
    remove: canDelete ? (row) => confirmRemove([idOf(row)]) : undefined,
    extra: rowActions ? (row) => rowActions(row, handle) : undefined,
    allows: rowAllows,
  };
  // 操作 is sized from its labels; should a row's buttons need more (a label missing from
  // rowActionLabels, an icon), the column grows to them once drawn instead of letting them overflow.
  const sized = operationsWidth(actions, actionWidth, rowActionLabels);
  const [actionsDrawn, setActionsDrawn] = useState(0);
  const onActionsDrawn = useCallback((buttons: HTMLDivElement | null) => {
    const need = buttons?.scrollWidth ? buttons.scrollWidth + CELL_CHROME + 1 : 0;
    setActionsDrawn((w) => Math.max(w, need));
  }, []);
  const built = buildColumns({
    columns,
    page,
    actions,
    actionWidth: Math.max(sized, actionsDrawn),
    onActionsDrawn,
    testId,
    topLevel: new Set(records),
    index: indexColumn,
  });
  const { measure, columns: fittedColumns, scroll } = useTableFit(built, selectable);
  const dialogFields = fieldsFor(dialog.mode, dialog.row);

  const emptyText = list.isError ? (
    <LoadError testId={`${testId}-error`} onRetry={list.refetch} />
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" data-testid={`${testId}-empty`} />
  );

  return (
    <div className="crud" data-testid={testId} ref={measure}>
      {search && (
        <SearchBar
          fields={search}
          dateRange={dateRange}
          testId={testId}
          onSearch={(values) => {
            const next = toSearchFilters(values, dateRange?.name);
            // 搜索 with unchanged conditions on page 1 still reloads; otherwise the new query loads.
            if (page.current === 1 && sameFilters(next, filters)) void list.refetch();
            setFilters(next);
            firstPage();
          }}
          onReset={() => {
            setFilters({});
            firstPage();
          }}
        />
      )}
      {(canAdd || canDelete || toolbar) && (
        <div className="crud-toolbar">
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openDialog('add')} data-testid={`${testId}-add`}>
              新增
            </Button>
          )}
          {canDelete && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove(selected.map(String))} data-testid={`${testId}-bulk-delete`}>
              删除
            </Button>
          )}
          {toolbar?.(selected.map(String), { ...filters, ...fixedFilters })}
        </div>
      )}
      <Table<Row>
        key={tree.tableKey}
        data-testid={`${testId}-table`}
        rowKey={(row) => idOf(row)}
        columns={fittedColumns}
        dataSource={records}
        loading={list.isFetching || tree.loading}
        rowSelection={selectable ? { selectedRowKeys: selected, onChange: setSelected, columnWidth: SELECTION_WIDTH } : undefined}
        pagination={lazyTree ? false : pagination(list.data?.total)}
        expandable={tree.expandable}
        onChange={(_p, _f, sorter) => {
          const next = sortOf(sorter);
          if (JSON.stringify(next) === JSON.stringify(sort)) return; // a page change, not a sort
          setSort(next);
          firstPage();
        }}
        locale={{ emptyText }}
        tableLayout="fixed"
        scroll={scroll}
        size="middle"
        bordered
      />
      {dialogFields && (
        <CrudFormDialog
          open={dialog.open}
          mode={dialog.mode}
          formKey={dialog.key}
          fields={dialogFields}
          initialValues={dialog.values}
          labelWidth={labelWidth}
          saving={save.isPending}
          onCancel={closeDialog}
          onSubmit={submit}
          testId={testId}
        />
      )}
    </div>
  );
}
