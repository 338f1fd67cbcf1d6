import { useMemo, useState } from 'react';
import { Card, Empty, Input, Spin, Tree } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DataNode } from 'antd/es/tree';
import type { ApiScopeSubmit, ApiScopeView, DataScopeSubmit, DataScopeView, MenuTreeNode } from '@gsl/contract';
import type { CrudApi } from '../../../api/crud';
import { flattenForest } from '../../../api/system/forest';
import { useMenuTree } from '../../../api/system/menu';
import { apiScopeApi, dataScopeApi, SCOPE_KINDS, useScopeDeptTree, type ScopeKind } from '../../../api/system/scope';
import { CrudTable } from '../../../components/crud/CrudTable';
import { apiScopeBody, apiScopeFields, dataScopeBody, dataScopeFields, dataScopeFormValues, type MenuOption } from './fields';
import './scope.css';

const toOptions = (nodes: readonly MenuTreeNode[]): MenuOption[] =>
  nodes.map((n) => ({ title: n.name, value: n.id, key: n.id, children: n.children?.length ? toOptions(n.children) : undefined }));

/** The menus whose name or code contains the text, with the menus above them (the tree stays a tree). */
export function filterMenus(nodes: readonly MenuTreeNode[], text: string): MenuTreeNode[] {
  const q = text.trim().toLowerCase();
  if (!q) return [...nodes];
  return nodes.flatMap((n) => {
    const kids = filterMenus(n.children ?? [], text);
    const hit = n.name.toLowerCase().includes(q) || n.code.toLowerCase().includes(q);
    return hit || kids.length ? [{ ...n, children: hit && !kids.length ? (n.children ?? []) : kids }] : [];
  });
}

const menuNodes = (nodes: readonly MenuTreeNode[], kind: ScopeKind): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: (
      <span data-testid={`${kind}scope-menu`} data-code={n.code}>
        {n.name}
      </span>
    ),
    children: n.children?.length ? menuNodes(n.children, kind) : undefined,
  }));

const DATA_COLUMNS: ColumnsType<DataScopeView> = [
  { key: 'scopeName', dataIndex: 'scopeName', title: '权限名称', width: 200, minWidth: 140 },
  { key: 'resourceCode', dataIndex: 'resourceCode', title: '资源编号', width: 160, minWidth: 110 },
  { key: 'scopeColumn', dataIndex: 'scopeColumn', title: '权限字段', width: 120, minWidth: 90 },
  { key: 'scopeTypeName', dataIndex: 'scopeTypeName', title: '规则类型', width: 150, minWidth: 100 },
  { key: 'menuName', dataIndex: 'menuName', title: '所属菜单', width: 140, minWidth: 100 },
];

const API_COLUMNS: ColumnsType<ApiScopeView> = [
  { key: 'scopeName', dataIndex: 'scopeName', title: '接口名称', width: 200, minWidth: 140 },
  { key: 'resourceCode', dataIndex: 'resourceCode', title: '资源编号', width: 160, minWidth: 110 },
  { key: 'scopePath', dataIndex: 'scopePath', title: '接口路径', width: 260, minWidth: 160 },
  { key: 'scopeTypeName', dataIndex: 'scopeTypeName', title: '接口类型', width: 100, minWidth: 80 },
  { key: 'menuName', dataIndex: 'menuName', title: '所属菜单', width: 140, minWidth: 100 },
];

/**
 * 数据权限 (/authority/datascope) and 接口权限 (/authority/apiscope), BladeX style: the menu tree on the
 * left; a menu picked there lists its rules on the right (none picked: every rule), searchable by name
 * and resource code, with 新增 (for the picked menu) / 查看 / 编辑 / 删除 behind `${menu}_add` … .
 */
export function ScopeScreen({ kind }: { kind: ScopeKind }) {
  const info = SCOPE_KINDS[kind];
  const menus = useMenuTree();
  const [picked, setPicked] = useState<string | undefined>();
  const [text, setText] = useState('');
  const forest = useMemo(() => menus.data ?? [], [menus.data]);
  const pickedMenu = useMemo(() => flattenForest(forest).find((m) => m.id === picked), [forest, picked]);
  const shown = useMemo(() => filterMenus(forest, text), [forest, text]);
  const options = useMemo(() => toOptions(forest), [forest]);
  const depts = useScopeDeptTree(kind === 'data');
  const dataFields = useMemo(() => dataScopeFields(options, depts.data ?? [], depts.isFetching), [options, depts.data, depts.isFetching]);
  const addValues = () => ({
    menuId: pickedMenu?.id,
    resourceCode: pickedMenu?.code,
    scopeType: 1,
    ...(kind === 'data' ? { scopeColumn: 'dept_id' } : {}),
  });
  const filters = picked ? { menuId: picked } : undefined;
  const search = [
    { name: 'scopeName', label: kind === 'data' ? '权限名称' : '接口名称' },
    { name: 'resourceCode', label: '资源编号' },
  ];
  const permissions = { add: `${info.menu}_add`, edit: `${info.menu}_edit`, delete: `${info.menu}_delete`, view: `${info.menu}_view` };

  return (
    <div className="scope-screen" data-testid={`${kind}scope`}>
      <Card size="small" title="菜单" className="scope-screen__menus">
        <Input.Search allowClear placeholder="输入菜单名称或编号" onChange={(e) => setText(e.target.value)} data-testid={`${kind}scope-menu-filter`} />
        {menus.isLoading ? (
          <Spin style={{ display: 'block', margin: '24px auto' }} />
        ) : shown.length ? (
          <Tree
            key={text}
            blockNode
            defaultExpandAll
            selectedKeys={picked ? [picked] : []}
            treeData={menuNodes(shown, kind)}
            onSelect={(keys) => setPicked(keys.length ? String(keys[0]) : undefined)}
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={menus.isError ? '菜单加载失败' : '暂无菜单'} />
        )}
      </Card>
      <div className="scope-screen__rules">
        <div className="scope-screen__picked" data-testid={`${kind}scope-picked`}>
          {pickedMenu ? `${info.title}：${pickedMenu.name}（${pickedMenu.code}）` : `${info.title}：全部菜单`}
        </div>
        {kind === 'data' ? (
          <CrudTable<DataScopeView, DataScopeSubmit>
            testId="datascope"
            api={dataScopeApi as CrudApi<DataScopeView, DataScopeSubmit>}
            columns={DATA_COLUMNS}
            fields={dataFields}
            search={search}
            filters={filters}
            permissions={permissions}
            addValues={addValues}
            toFormValues={dataScopeFormValues}
            fromFormValues={dataScopeBody}
            labelWidth={96}
          />
        ) : (
          <CrudTable<ApiScopeView, ApiScopeSubmit>
            testId="apiscope"
            api={apiScopeApi as CrudApi<ApiScopeView, ApiScopeSubmit>}
            columns={API_COLUMNS}
            fields={apiScopeFields(options)}
            search={search}
            filters={filters}
            permissions={permissions}
            addValues={addValues}
            fromFormValues={apiScopeBody}
          />
        )}
      </div>
    </div>
  );
}
