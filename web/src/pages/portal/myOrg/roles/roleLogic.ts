import type { RoleDetailV2, RoleGrantTree } from '@gsl/contract';
import type { OrgRoleBody } from '../../../../api/myorg/orgAccount';
import { SYSTEM_TYPE } from '../../../../api/system/role';
import { indexTree, knownKeys, scopeIds } from '../../../authority/role/grantLogic';

const BASE = '/portal/myOrg/child/roleManagement';
export const ROLE_PATHS = { list: BASE, add: `${BASE}/add`, edit: `${BASE}/edit`, view: `${BASE}/view` } as const;

/** Every kind of org may own roles (federations, chambers, associations, offices). */
export const ALL_ORG_CATEGORIES = [1, 2, 3, 4] as const;

export interface RoleGrantKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

/** A role's grants as the trees can show them: held items the manager cannot grant are not in his trees, so not shown. */
export function initialGrants(tree: RoleGrantTree, role?: Pick<RoleDetailV2, 'menuIds' | 'dataScopeIds' | 'apiScopeIds'>): RoleGrantKeys {
  if (!role) return { menu: [], dataScope: [], apiScope: [] };
  return {
    menu: knownKeys(indexTree(tree.menu), role.menuIds),
    dataScope: knownKeys(indexTree(tree.dataScope), role.dataScopeIds),
    apiScope: knownKeys(indexTree(tree.apiScope), role.apiScopeIds),
  };
}

/** The form and the trees as v2/role/submit takes them: an org role with all three grant lists. */
export function roleBody(values: Record<string, unknown>, grants: RoleGrantKeys, role?: Pick<RoleDetailV2, 'id' | 'version'>): OrgRoleBody {
  const body: OrgRoleBody = {
    roleName: String(values.roleName ?? '').trim(),
    roleAlias: String(values.roleAlias ?? '').trim(),
    sort: typeof values.sort === 'number' ? values.sort : Number(values.sort ?? 0),
    deptId: String(values.deptId ?? ''),
    systemType: SYSTEM_TYPE,
    menuIds: grants.menu,
    dataScopeIds: scopeIds(grants.dataScope),
    apiScopeIds: scopeIds(grants.apiScope),
  };
  return role ? { ...body, id: role.id, version: role.version } : body;
}
