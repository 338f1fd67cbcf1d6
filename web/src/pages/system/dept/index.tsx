import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DeptSubmit } from '@gsl/contract';
import type { CrudApi } from '../../../api/crud';
import { deptApi, deptKeys, getDeptChildren, searchDepts, type DeptRow } from '../../../api/system/dept';
import { useCan } from '../../../components/Access';
import { CrudTable } from '../../../components/crud/CrudTable';
import { crudPermissions } from '../../../components/crud/crudLogic';
import type { LazyTree } from '../../../components/crud/lazyTree';
import { deptBody, deptFormValues, forestRows, lazyRows } from './deptLogic';
import { deptFields } from './fields';

const T = 'dept';

/** The tree table's list: the top level (lazy-list), or with search conditions every match as a forest (list). */
const deptTreeApi: CrudApi<DeptRow, DeptSubmit> = {
  ...deptApi,
  list: async (filters, signal) => {
    const rows = Object.keys(filters).length ? forestRows(await searchDepts(filters, signal)) : await getDeptChildren('0', signal);
    return { records: rows, total: rows.length, size: rows.length, current: 1, pages: 1 };
  },
};

const lazyTree: LazyTree<DeptRow> = {
  childrenKey: deptKeys.lazy,
  loadChildren: getDeptChildren,
  nest: lazyRows,
  parentField: 'parentId',
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

/**
 * 机构管理 at /system/dept (menu dept; specification §3 "Department", §7 dept), BladeX's layout: a tree
 * table loaded level by level (lazy-list: the top of what the user may see, a row's children when it
 * is expanded); a search by name or full name shows the matching depts as a tree (list). 新增 (top
 * level or, per row, 新增子项 under it), 查看 / 编辑 / 删除 and bulk 删除 follow the permission codes;
 * the server refuses a dept that still has child depts or users, and its message is shown.
 */
export default function DeptPage() {
  const can = useCan();
  const canAdd = can('dept_add');
  return (
    <CrudTable<DeptRow, DeptSubmit>
      testId={T}
      api={deptTreeApi}
      lazyTree={lazyTree}
      indexColumn={false}
      columns={columns}
      fields={(mode, row) => deptFields(mode === 'edit' ? row : undefined)}
      search={[
        { name: 'deptName', label: '机构名称' },
        { name: 'fullName', label: '机构全称' },
      ]}
      permissions={crudPermissions('dept')}
      selectable={can('dept_delete')}
      toFormValues={deptFormValues}
      fromFormValues={deptBody}
      addValues={() => ({ sort: 1, status: 1 })}
      rowActionLabels={['新增子项']}
      rowActions={
        canAdd
          ? (row, table) => (
              <Button
                type="link"
                size="small"
                onClick={() => table.openAdd({ parentId: row.id, deptCategory: row.deptCategory, sort: 1, status: 1 })}
                data-testid={`${T}-row-add-child`}
              >
                新增子项
              </Button>
            )
          : undefined
      }
    />
  );
}
