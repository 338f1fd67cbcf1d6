/**
 * Data scopes (blade_scope_data) and api scopes (blade_scope_api) are administered alike (BladeX):
 * rules attached to a menu, granted to roles through blade_role_scope. One module serves both,
 * parameterised by this description.
 */
export interface ScopeKind {
  table: 'bladeScopeData' | 'bladeScopeApi';
  sqlTable: 'blade_scope_data' | 'blade_scope_api';
  path: 'data-scope' | 'api-scope';
  /** Menu code; buttons are `${menu}_add` … */
  menu: 'data_scope' | 'api_scope';
  /** blade_role_scope.scope_category. */
  category: 1 | 2;
  label: string;
}

export const DATA_SCOPE: ScopeKind = {
  table: 'bladeScopeData',
  sqlTable: 'blade_scope_data',
  path: 'data-scope',
  menu: 'data_scope',
  category: 1,
  label: '数据权限',
};
export const API_SCOPE: ScopeKind = {
  table: 'bladeScopeApi',
  sqlTable: 'blade_scope_api',
  path: 'api-scope',
  menu: 'api_scope',
  category: 2,
  label: '接口权限',
};
