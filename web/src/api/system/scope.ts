import type { ApiScopeSubmit, ApiScopeView, DataScopeSubmit, DataScopeView } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';
import { useDeptTree } from './dept';

/**
 * 数据权限 and 接口权限 (BladeX scope administration): rules attached to a menu, granted to roles
 * through 角色管理 › 权限设置. Both tables answer the same calls under their own base path:
 *   GET  {base}/list    current, size, menuId, scopeName, resourceCode → a page of rules
 *   GET  {base}/detail  id
 *   POST {base}/submit  DataScopeSubmit | ApiScopeSubmit; with id + version updates
 *   POST {base}/remove  ?ids= (their grants go with them)
 * Permission: data_scope / api_scope and their buttons `${menu}_add` … .
 */
export type ScopeKind = 'data' | 'api';

export interface ScopeKindInfo {
  menu: 'data_scope' | 'api_scope';
  base: string;
  title: string;
}

export const SCOPE_KINDS: Record<ScopeKind, ScopeKindInfo> = {
  data: { menu: 'data_scope', base: '/api/blade-system/data-scope', title: '数据权限' },
  api: { menu: 'api_scope', base: '/api/blade-system/api-scope', title: '接口权限' },
};

export const scopeKeys = { all: (kind: ScopeKind) => ['system', `${kind}-scope`] as const };

export const dataScopeApi: CrudApi<DataScopeView, DataScopeSubmit> = bladeCrudApi(SCOPE_KINDS.data.base, scopeKeys.all('data'));
export const apiScopeApi: CrudApi<ApiScopeView, ApiScopeSubmit> = bladeCrudApi(SCOPE_KINDS.api.base, scopeKeys.all('api'));

/** A dept of the tenant (dept-tree: inside the user's data scope), for the custom data scope's 可见机构. */
export interface ScopeDeptNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children?: ScopeDeptNode[];
}

/** The dept forest of 机构管理 itself (same query), so a dept just added there is offered here too. */
export const useScopeDeptTree = (enabled: boolean) => useDeptTree(enabled);
