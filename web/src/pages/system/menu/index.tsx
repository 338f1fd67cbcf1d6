import { useCallback } from 'react';
import { Button } from 'antd';
import { MENU_CATEGORY_NAMES, type MenuSubmit } from '@gsl/contract';
import { pruneForest, subtreeIds } from '../../../api/system/forest';
import { menuAdminApi, useMenuTree, type MenuAdminRow } from '../../../api/system/menu';
import { useCan } from '../../../components/Access';
import { CrudTable } from '../../../components/crud/CrudTable';
import { crudPermissions } from '../../../components/crud/crudLogic';
import type { DialogMode } from '../../../components/crud/types';
import { MENU_COLUMNS } from './columns';
import { menuBody, menuChoices, menuFields, menuFormValues, newMenuValues } from './fields';

/**
 * 菜单管理 at /system/menu (menu code menu): the menu tree with each menu's buttons as its children
 * (search by 菜单名称 / 菜单编号 / 菜单别名 / 菜单类型), 新增, 新增子项 on a menu, 查看 / 编辑 / 删除 — a
 * menu that still has children, or a built-in one, is refused with the server's message.
 */
export default function MenuPage() {
  const can = useCan();
  const tree = useMenuTree();
  const fields = useCallback(
    (mode: DialogMode, row: MenuAdminRow | undefined) => {
      const forest = tree.data ?? [];
      return menuFields(menuChoices(mode === 'edit' && row ? pruneForest(forest, subtreeIds(forest, row.id)) : forest), tree.isFetching);
    },
    [tree.data, tree.isFetching],
  );

  return (
    <CrudTable<MenuAdminRow, MenuSubmit>
      testId="menu"
      api={menuAdminApi}
      columns={MENU_COLUMNS}
      fields={fields}
      search={[
        { name: 'name', label: '菜单名称' },
        { name: 'code', label: '菜单编号' },
        { name: 'alias', label: '菜单别名' },
        { name: 'category', label: '菜单类型', options: Object.entries(MENU_CATEGORY_NAMES).map(([value, label]) => ({ value, label })) },
      ]}
      permissions={crudPermissions('menu')}
      toFormValues={menuFormValues}
      fromFormValues={menuBody}
      addValues={() => newMenuValues()}
      rowActionLabels={can('menu_add') ? ['新增子项'] : []}
      rowActions={(row, table) =>
        row.category === 1 &&
        can('menu_add') && (
          <Button
            type="link"
            size="small"
            onClick={() => {
              // The parent may be newer than the cached tree (added in another tab): refresh 上级菜单's choices.
              void tree.refetch();
              table.openAdd(newMenuValues(row.id));
            }}
            data-testid="menu-row-add-child"
          >
            新增子项
          </Button>
        )
      }
    />
  );
}
