import { useCallback, useMemo, useState } from 'react';
import { Button, Drawer } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { DictSubmit } from '@gsl/contract';
import { dictItemApi, dictRootApi, useDictTree, type DictKind, type DictRow } from '../../../api/system/dict';
import { CrudTable } from '../../../components/crud/CrudTable';
import type { CrudPermissions, DialogMode } from '../../../components/crud/types';
import { ITEM_COLUMNS, ROOT_COLUMNS } from './columns';
import { itemBody, parentChoices } from './dictLogic';
import { itemFields, ROOT_FIELDS } from './fields';

const permissionsOf = (menu: DictKind): CrudPermissions => ({ add: `${menu}_add`, edit: `${menu}_edit`, delete: `${menu}_delete`, view: `${menu}_view` });

/**
 * 系统字典 (/system/dict) and 业务字典 (/system/dictbiz), specification §2, §3, §5 — BladeX's layout:
 * the roots (one per 字典编号) with search on code and name, multi-select, 序号, 新增 / 查看 / 编辑 /
 * 删除, and per root 字典配置, a drawer with the root's items (their own add / edit / delete). The
 * table of the screen is the menu code: dict or dictbiz (same calls under dict / dict-biz).
 */
export function DictScreen({ kind }: { kind: DictKind }) {
  const api = useMemo(() => dictRootApi(kind), [kind]);
  const permissions = permissionsOf(kind);
  // The root whose items are shown; kept while the drawer closes so its content does not jump.
  const [items, setItems] = useState<{ open: boolean; root?: DictRow }>({ open: false });

  return (
    <>
      <CrudTable<DictRow, DictSubmit>
        testId={kind}
        api={api}
        columns={ROOT_COLUMNS}
        fields={ROOT_FIELDS}
        search={[
          { name: 'code', label: '字典编号' },
          { name: 'dictValue', label: '字典名称' },
        ]}
        permissions={permissions}
        rowActionLabels={['字典配置']}
        rowActions={(row) => (
          <Button type="link" size="small" onClick={() => setItems({ open: true, root: row })} data-testid={`${kind}-row-items`}>
            字典配置
          </Button>
        )}
      />
      <Drawer
        open={items.open}
        size={960}
        title={items.root ? `字典配置：${items.root.dictValue}（${items.root.code}）` : '字典配置'}
        onClose={() => setItems((s) => ({ ...s, open: false }))}
        closeIcon={<CloseOutlined data-testid={`${kind}-items-close`} />}
        destroyOnHidden
      >
        {items.root && <DictItems key={items.root.id} kind={kind} root={items.root} permissions={permissions} />}
      </Drawer>
    </>
  );
}

/** The items of one root: paged (child-list), nested items unfold as a tree; their form's 上级字典 comes from the code's tree. */
function DictItems({ kind, root, permissions }: { kind: DictKind; root: DictRow; permissions: CrudPermissions }) {
  const { id, code } = root;
  const api = useMemo(() => dictItemApi(kind, { id, code }), [kind, id, code]);
  const tree = useDictTree(kind, { id, code });
  const fields = useCallback(
    (mode: DialogMode, row: DictRow | undefined) => itemFields(parentChoices(tree.data ?? [], mode === 'edit' ? row?.id : undefined), tree.isFetching),
    [tree.data, tree.isFetching],
  );
  return (
    <div data-testid={`${kind}-items`} data-root={code}>
      <CrudTable<DictRow, DictSubmit>
        testId={`${kind}-item`}
        api={api}
        columns={ITEM_COLUMNS}
        fields={fields}
        permissions={permissions}
        addValues={() => ({ code, parentId: id })}
        fromFormValues={(values) => itemBody(values, { id, code })}
      />
    </div>
  );
}
