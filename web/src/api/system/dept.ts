import { useQuery } from '@tanstack/react-query';
import type { DeptSubmit, DeptTreeNode, DeptView } from '@gsl/contract';
import { bladeCrudApi, type ListQuery } from '../crud';
import { get } from '../http';

/**
 * 机构管理 (specification §3 "Department", §7 dept; menu dept, buttons dept_add / dept_edit / dept_delete / dept_view):
 *   GET  /api/blade-system/dept/lazy-list  parentId (absent = the top of what the user may see) → the direct children, with hasChildren;
 *                                         with deptName / fullName filters: every match
 *   GET  /api/blade-system/dept/list       deptName, fullName → the (matching) depts as a forest
 *   GET  /api/blade-system/dept/detail     id
 *   POST /api/blade-system/dept/submit     DeptSubmit; with id + version updates (a new parent moves the subtree)
 *   POST /api/blade-system/dept/remove     ?ids= (refused: 该机构下存在下级机构,请先删除下级机构 / 该机构下存在用户,无法删除)
 *   GET  /api/blade-system/dept/dept-tree  → the visible forest of small nodes (上级机构 select)
 * Everything is limited to the user's tenant and data scope.
 */
export interface DeptRow extends DeptView {
  hasChildren: boolean;
  /** Tree table: the loaded children (an empty list = not loaded yet, still expandable). */
  children?: DeptRow[];
}

export const deptKeys = {
  all: ['system', 'dept'] as const,
  lazy: (parentId: string) => ['system', 'dept', 'lazy', parentId] as const,
  search: (filters: ListQuery) => ['system', 'dept', 'list', filters] as const,
  tree: ['system', 'dept', 'dept-tree'] as const,
};

/** submit / remove (the list calls below are the tree's own). */
export const deptApi = bladeCrudApi<DeptRow, DeptSubmit>('/api/blade-system/dept', deptKeys.all);

export const getDeptChildren = (parentId: string, signal?: AbortSignal) =>
  get<DeptRow[]>('/api/blade-system/dept/lazy-list', { parentId: parentId === '0' ? undefined : parentId }, { signal }).then((rows) => rows ?? []);

export const searchDepts = (filters: ListQuery, signal?: AbortSignal) =>
  get<DeptRow[]>('/api/blade-system/dept/list', filters, { signal }).then((rows) => rows ?? []);

export const getDeptTree = (signal?: AbortSignal) =>
  get<DeptTreeNode[]>('/api/blade-system/dept/dept-tree', undefined, { signal }).then((nodes) => nodes ?? []);

/** The visible dept forest for the 上级机构 select; refreshed by every dept write. */
export function useDeptTree(enabled = true) {
  return useQuery({ queryKey: deptKeys.tree, queryFn: ({ signal }) => getDeptTree(signal), enabled });
}
