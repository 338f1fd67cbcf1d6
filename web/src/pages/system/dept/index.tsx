import { useState, type Key } from 'react';
import { App, Button, Empty, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { MSG, type DeptSubmit } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { deptApi, deptKeys, getDeptChildren, searchDepts, useDeptTree, type DeptRow } from '../../../api/system/dept';
import { useCan } from '../../../components/Access';
import { CrudFormDialog } from '../../../components/crud/CrudFormDialog';
import { selectionGuard, submitBody, toSearchFilters, type Filters } from '../../../components/crud/crudLogic';
import { SearchBar } from '../../../components/crud/SearchBar';
import { withEllipsis } from '../../../components/crud/EllipsisCell';
import { SELECTION_WIDTH, actionColumnWidth } from '../../../components/crud/tableFit';
import { useTableFit } from '../../../components/crud/useTableFit';
import type { DialogMode } from '../../../components/crud/types';
import '../../../components/crud/crud.css';
import { allIds, deptBody, deptFormValues, forestRows, lazyRows, parentChoices } from './deptLogic';
import { deptFields } from './fields';

const T = 'dept';

interface DialogState {
  open: boolean;
  mode: DialogMode;
  row?: DeptRow;
  key: number;
  values?: Record<string, unknown>;
}

/**
 * 机构管理 at /system/dept (menu dept; specification §3 "Department", §7 dept), BladeX's layout: a tree
 * table loaded level by level (lazy-list: the top of what the user may see, a row's children when it
 * is expanded); a search by name or full name shows the matching depts as a tree (list). 新增 (top
 * level or, per row, 新增子项 under it), 查看 / 编辑 / 删除 and bulk 删除 follow the permission codes;
 * the server refuses a dept that still has child depts or users, and its message is shown.
 */
export default function DeptPage() {
  const can = useCan();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [filters, setFilters] = useState<Filters>({});
  const searching = Object.keys(filters).length > 0;
  const [expanded, setExpanded] = useState<string[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [dialog, setDialog] = useState<DialogState>({ open: false, mode: 'add', key: 0 });

  // Lazy mode: the top level and the children of each expanded row (refetched after every write).
  const roots = useQuery({ queryKey: deptKeys.lazy('0'), queryFn: ({ signal }) => getDeptChildren('0', signal), enabled: !searching });
  const children = useQueries({
    queries: (searching ? [] : expanded).map((id) => ({ queryKey: deptKeys.lazy(id), queryFn: ({ signal }: { signal: AbortSignal }) => getDeptChildren(id, signal) })),
  });
  // Search mode: the matching depts as a forest.
  const found = useQuery({ queryKey: deptKeys.search(filters), queryFn: ({ signal }) => searchDepts(filters, signal), enabled: searching });

  const childrenOf = new Map<string, DeptRow[]>();
  if (!searching) expanded.forEach((id, i) => children[i]?.data && childrenOf.set(id, children[i].data!));
  const rows = searching ? forestRows(found.data ?? []) : lazyRows(roots.data ?? [], childrenOf);

  const active = searching ? found : roots;
  const loading = active.isFetching || children.some((c) => c.isFetching);
  const visibleIds = new Set(allIds(rows));
  const selectedKeys = selected.filter((k) => visibleIds.has(String(k)));

  const tree = useDeptTree(dialog.open);
  const refresh = () => client.invalidateQueries({ queryKey: deptKeys.all });
  const save = useMutation({ mutationFn: (body: DeptSubmit) => deptApi.submit(body), onSettled: refresh });
  const remove = useMutation({ mutationFn: (ids: string[]) => deptApi.remove(ids), onSettled: refresh });

  const canAdd = can('dept_add');
  const canEdit = can('dept_edit');
  const canDelete = can('dept_delete');
  const canView = can('dept_view');

  const open = (mode: DialogMode, row?: DeptRow, values?: Record<string, unknown>) =>
    setDialog((d) => ({ open: true, mode, row, key: d.key + 1, values: values ?? (row ? deptFormValues(row) : undefined) }));
  const close = () => setDialog((d) => ({ ...d, open: false }));

  const confirmRemove = (ids: string[]) => {
    const problem = selectionGuard(ids);
    if (problem) {
      toast.warning(problem);
      return;
    }
    modal.confirm({
      title: '提示',
      content: MSG.confirmDelete,
      okText: '确定',
      cancelText: '取消',
      okButtonProps: { 'data-testid': `${T}-delete-confirm` } as Record<string, string>,
      onOk: () =>
        remove.mutateAsync(ids).then(({ msg }) => {
          toast.success(msg || MSG.removed);
          setSelected((keys) => keys.filter((k) => !ids.includes(String(k))));
          setExpanded((keys) => keys.filter((k) => !ids.includes(k)));
        }, tellUnhandled),
    });
  };

  const submit = (values: Record<string, unknown>) => {
    const editing = dialog.mode === 'edit' ? dialog.row : undefined;
    const body = submitBody(deptBody(values), editing, 'id') as DeptSubmit;
    save.mutateAsync(body).then((saved) => {
      toast.success(saved.msg || (editing ? MSG.updated : MSG.added));
      close();
      // Show where the new dept went: its parent unfolds.
      const parentId = body.parentId;
      if (!editing && parentId && !searching) setExpanded((keys) => (keys.includes(parentId) ? keys : [...keys, parentId]));
    }, tellUnhandled);
  };

  const columns: ColumnsType<DeptRow> = [
    { key: 'deptName', dataIndex: 'deptName', title: '机构名称', width: 300, minWidth: 200 },
    { key: 'fullName', dataIndex: 'fullName', title: '机构全称', width: 260, minWidth: 160 },
    { key: 'deptCategoryName', dataIndex: 'deptCategoryName', title: '机构类型', width: 110, align: 'center' },
    { key: 'sort', dataIndex: 'sort', title: '排序', width: 80, align: 'center' },
    {
      key: 'status',
      dataIndex: 'status',
      title: '状态',
      width: 80,
      align: 'center',
      render: (v: number) => (v === 1 ? <Tag color="success">正常</Tag> : <Tag>停用</Tag>),
    },
  ];
  const dataColumns = withEllipsis(columns);
  if (canView || canEdit || canDelete || canAdd) {
    // text buttons, as in every list's 操作 (components/crud)
    const labels = [canView && '查看', canEdit && '编辑', canDelete && '删除', canAdd && '新增子项'].filter((l): l is string => Boolean(l));
    dataColumns.push({
      key: '__actions',
      title: '操作',
      width: actionColumnWidth(labels),
      align: 'center',
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0} className="crud-row-actions">
          {canView && (
            <Button type="link" size="small" onClick={() => open('view', row)} data-testid={`${T}-row-view`}>
              查看
            </Button>
          )}
          {canEdit && (
            <Button type="link" size="small" onClick={() => open('edit', row)} data-testid={`${T}-row-edit`}>
              编辑
            </Button>
          )}
          {canDelete && (
            <Button type="link" size="small" danger onClick={() => confirmRemove([row.id])} data-testid={`${T}-row-delete`}>
              删除
            </Button>
          )}
          {canAdd && (
            <Button
              type="link"
              size="small"
              onClick={() => open('add', undefined, { parentId: row.id, deptCategory: row.deptCategory, sort: 1, status: 1 })}
              data-testid={`${T}-row-add-child`}
            >
              新增子项
            </Button>
          )}
        </Space>
      ),
    });
  }

  const { measure, columns: fittedColumns, scroll } = useTableFit(dataColumns, canDelete);

  const fields = deptFields(
    parentChoices(tree.data ?? [], dialog.mode === 'edit' && dialog.row ? dialog.row : undefined),
    tree.isFetching,
  );

  const emptyText = active.isError ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="数据加载失败" data-testid={`${T}-error`}>
      <Button icon={<ReloadOutlined />} onClick={() => void active.refetch()}>
        重新加载
      </Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" data-testid={`${T}-empty`} />
  );

  return (
    <div className="crud" data-testid={T} ref={measure}>
      <SearchBar
        fields={[
          { name: 'deptName', label: '机构名称' },
          { name: 'fullName', label: '机构全称' },
        ]}
        testId={T}
        onSearch={(values) => {
          const next = toSearchFilters(values);
          if (JSON.stringify(next) === JSON.stringify(filters)) void active.refetch();
          setFilters(next);
        }}
        onReset={() => setFilters({})}
      />
      {(canAdd || canDelete) && (
        <div className="crud-toolbar">
          {canAdd && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => open('add', undefined, { sort: 1, status: 1 })} data-testid={`${T}-add`}>
              新增
            </Button>
          )}
          {canDelete && (
            <Button danger icon={<DeleteOutlined />} onClick={() => confirmRemove(selectedKeys.map(String))} data-testid={`${T}-bulk-delete`}>
              删除
            </Button>
          )}
        </div>
      )}
      <Table<DeptRow>
        key={searching ? `search:${JSON.stringify(filters)}` : 'lazy'}
        data-testid={`${T}-table`}
        rowKey="id"
        columns={fittedColumns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        rowSelection={canDelete ? { selectedRowKeys: selectedKeys, onChange: setSelected, checkStrictly: true, columnWidth: SELECTION_WIDTH } : undefined}
        expandable={
          searching
            ? { defaultExpandAllRows: true }
            : {
                expandedRowKeys: expanded,
                onExpand: (open, row) => setExpanded((keys) => (open ? [...keys.filter((k) => k !== row.id), row.id] : keys.filter((k) => k !== row.id))),
              }
        }
        locale={{ emptyText }}
        tableLayout="fixed"
        scroll={scroll}
        size="middle"
        bordered
      />
      <CrudFormDialog
        open={dialog.open}
        mode={dialog.mode}
        formKey={dialog.key}
        fields={fields}
        initialValues={dialog.values}
        saving={save.isPending}
        onCancel={close}
        onSubmit={submit}
        testId={T}
      />
    </div>
  );
}
