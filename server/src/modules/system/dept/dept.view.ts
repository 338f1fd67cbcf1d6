import { DEPT_CATEGORY_NAMES, type DeptTreeNode, type DeptView } from '@gsl/contract';
import { formatTime } from '../../../platform/http/time.js';
import type { DeptNodeRow, DeptRow } from './dept.repo.js';
import { forest } from '../forest.js';

/** Row → response (id_path is internal and never leaves the server). */
export function deptView(row: DeptRow, timeZone: string, parentName: string | null = row.parentName ?? null): DeptView {
  return {
    id: String(row.id),
    tenantId: row.tenantId,
    parentId: String(row.parentId),
    parentName,
    ancestors: row.ancestors,
    deptCategory: row.deptCategory,
    deptCategoryName: DEPT_CATEGORY_NAMES[row.deptCategory] ?? null,
    deptName: row.deptName,
    fullName: row.fullName,
    unionId: row.unionId,
    regionCode: row.regionCode,
    regionLevel: row.regionLevel,
    chamberType: row.chamberType,
    sort: row.sort,
    remark: row.remark,
    status: row.status,
    version: row.version,
    createTime: formatTime(row.createTime, timeZone),
    updateTime: formatTime(row.updateTime, timeZone),
  };
}

/** A row of the list call: the view as a tree node (wire contract §3). */
export interface DeptListNode extends DeptView {
  title: string;
  key: string;
  value: string;
  hasChildren: boolean;
  children: DeptListNode[];
}

export function deptNode(row: DeptNodeRow): DeptTreeNode {
  const id = String(row.id);
  return {
    id,
    parentId: String(row.parentId),
    title: row.deptName,
    key: id,
    value: id,
    hasChildren: !!row.hasChildren,
    children: [],
    deptCategory: row.deptCategory,
    unionId: row.unionId,
    regionLevel: row.regionLevel,
  };
}

/** The list call's forest: whole rows with their parent's name. */
export function deptListForest(rows: DeptRow[], timeZone: string): DeptListNode[] {
  const nodes = rows.map((r): DeptListNode => {
    const id = String(r.id);
    return { ...deptView(r, timeZone), title: r.deptName, key: id, value: id, hasChildren: !!r.hasChildren, children: [] };
  });
  return forest(nodes);
}
