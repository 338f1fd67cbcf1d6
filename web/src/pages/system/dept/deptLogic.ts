import type { DeptTreeNode } from '@gsl/contract';
import type { DeptRow } from '../../../api/system/dept';
import type { TreeChoice } from '../../../components/crud/types';

/**
 * The rows of the lazy tree table: the loaded top level, each row that has children carrying the
 * children loaded so far (an empty list while not loaded: the row still shows its expand icon).
 */
export function lazyRows(roots: readonly DeptRow[], childrenOf: ReadonlyMap<string, readonly DeptRow[]>): DeptRow[] {
  const build = (row: DeptRow, seen: Set<string>): DeptRow => {
    const { children: _ignored, ...own } = row;
    if (!row.hasChildren || seen.has(row.id)) return own as DeptRow;
    const next = new Set(seen).add(row.id);
    return { ...own, children: (childrenOf.get(row.id) ?? []).map((c) => build(c, next)) } as DeptRow;
  };
  return roots.map((r) => build(r, new Set()));
}

/** A searched forest (the list call) as table rows: a leaf has no `children` (no expand icon). */
export function forestRows(forest: readonly DeptRow[]): DeptRow[] {
  return forest.map((row) => {
    const { children, ...own } = row;
    return children?.length ? ({ ...own, children: forestRows(children) } as DeptRow) : (own as DeptRow);
  });
}

/** Every id of a forest (to expand a searched forest entirely). */
export function allIds(forest: readonly { id: string; children?: readonly unknown[] }[], out: string[] = []): string[] {
  for (const n of forest) {
    out.push(n.id);
    if (n.children?.length) allIds(n.children as { id: string; children?: unknown[] }[], out);
  }
  return out;
}

/**
 * The 上级机构 choices from the visible dept forest. When a dept is edited, the dept itself and its
 * whole subtree cannot be its parent (the server refuses: 上级机构不能是自身或其下级机构). When its
 * current parent is outside the visible tree (a data scope that starts below it), that parent is
 * offered too, so the form shows its name and keeps it.
 */
export function parentChoices(forest: readonly DeptTreeNode[], self?: { id: string; parentId: string; parentName: string | null }): TreeChoice[] {
  let parentSeen = false;
  const build = (node: DeptTreeNode, blocked: boolean): TreeChoice => {
    if (node.id === self?.parentId) parentSeen = true;
    const off = blocked || node.id === self?.id;
    const children = (node.children ?? []).map((c) => build(c, off));
    return { title: node.title, value: node.id, key: node.id, ...(off ? { disabled: true } : {}), ...(children.length ? { children } : {}) };
  };
  const choices = forest.map((n) => build(n, false));
  if (self && !isTop(self.parentId) && !parentSeen) choices.unshift({ title: self.parentName ?? self.parentId, value: self.parentId, key: self.parentId });
  return choices;
}

export const isTop = (parentId: string | null | undefined) => !parentId || /^0+$/.test(parentId);

/** The fields of the dept form (also what an update sends back, so nothing is cleared unseen). */
export const DEPT_FORM_NAMES = [
  'parentId',
  'deptName',
  'fullName',
  'deptCategory',
  'unionId',
  'regionCode',
  'regionLevel',
  'chamberType',
  'sort',
  'status',
  'remark',
] as const;

/** A row as the form's starting values: a top-level dept has no 上级机构. */
export function deptFormValues(row: DeptRow): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const name of DEPT_FORM_NAMES) values[name] = (row as unknown as Record<string, unknown>)[name] ?? undefined;
  values.parentId = isTop(row.parentId) ? undefined : row.parentId;
  return values;
}

/**
 * The form's values as submit sends them: no 上级机构 = top level (''); blank optional texts and
 * cleared selects become null (the server clears them); texts trimmed.
 */
export function deptBody(values: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of DEPT_FORM_NAMES) {
    let v = values[name];
    if (typeof v === 'string') v = v.trim();
    if (name === 'parentId') body.parentId = typeof v === 'string' && v ? v : '';
    else if (v === undefined || v === null || v === '') {
      if (['unionId', 'regionCode', 'regionLevel', 'chamberType', 'remark'].includes(name)) body[name] = null;
    } else body[name] = v;
  }
  return body;
}
