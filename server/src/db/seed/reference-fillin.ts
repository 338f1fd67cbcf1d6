import { DEFAULT_TEMPLATES } from '@gsl/contract';
import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus, insertScopeRules } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/** The data scope of the fill-in (resource 'fillin'): a federation reads its org and below, a chamber its own org. */
export const FILLIN_SCOPES: Array<{ name: string; type: 2 | 3 | 4; roles: RoleAlias[] }> = [
  { name: '填报: 所在机构及子级', type: 4, roles: ['aoc', 'admin'] },
  { name: '填报: 所在机构', type: 3, roles: ['coc'] },
];

const FILL_CODES = [
  'fillin_collect',
  ...['add', 'edit', 'delete', 'view', 'import', 'export', 'submit'].map((a) => `fillin_collect_${a}`),
  'fillin_supplement',
  'fillin_supplement_submit',
];
const FOLLOW_CODES = ['fillin_situation', 'fillin_situation_remind', 'fillin_situation_return', 'fillin_situation_export'];

/**
 * Reference rows of the fill-in (inside seedReference's transaction): its data scopes, its menus for the
 * default roles of installations created before it existed (chambers fill in, federations follow; new
 * installations get them with the default grants of 门户), 表单模板 for administrators, and version 1 of
 * the built-in form templates of the default tenant.
 */
export async function seedFillinReference(
  tx: Db,
  tenantId: string,
  roleIds: Record<RoleAlias, string>,
  menuIds: Map<string, string>,
  once: Once,
): Promise<void> {
  await once(tx, 'fillin-scopes-v1', async () => {
    await insertScopeRules(tx, roleIds, { menuId: menuIds.get('fillin_situation')!, resource: 'fillin', column: 'dept_id' }, FILLIN_SCOPES);
  });
  await once(tx, 'fillin-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, [...FILL_CODES, ...FOLLOW_CODES, 'fillin_template', 'fillin_template_edit'], ['administrator', 'admin']);
    await grantMenus(tx, roleIds, menuIds, FILL_CODES, ['coc']);
    await grantMenus(tx, roleIds, menuIds, FOLLOW_CODES, ['aoc']);
  });
  // A federation holds the chambers' fill-in grants too, so that it may give a chamber its role (the grant ceiling).
  await once(tx, 'fillin-grants-aoc-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, FILL_CODES, ['aoc']);
  });
  await once(tx, 'fillin-templates-v1', async () => {
    await tx
      .insertInto('aocFormTemplate')
      .values(
        DEFAULT_TEMPLATES.map((t) => ({
          tenantId,
          templateKey: t.templateKey,
          menuCode: t.menuCode,
          name: t.name,
          version: 1,
          fields: JSON.stringify(t.fields),
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  });
}
