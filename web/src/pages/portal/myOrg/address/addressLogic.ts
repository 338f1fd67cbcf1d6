import type { DeptTreeNode } from '@gsl/contract';

/**
 * The address books' screen logic (我的组织 gslAddress, shAddress, addressBook, addressBookDetail):
 * ordering a book by drag or by the up/down buttons, and finding the orgs around the user's own in the
 * visible org tree. Pure functions, tested beside.
 */

export interface Ordered {
  id: string;
  /** A book holds accounts and contacts, whose ids may coincide (absent: an account). */
  entryType?: 'account' | 'contact';
}

/** The unique key of a book entry: its kind and id. */
export const entryKey = (e: Ordered): string => `${e.entryType ?? 'account'}:${e.id}`;

/** The list with the entry at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveBy<T extends Ordered>(list: T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return list;
  const next = [...list];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** The list with the dragged entry put where the entry it was dropped on stands (entries named by `keyOf`, default the id). */
export function dropOn<T extends Ordered>(list: T[], draggedKey: string, targetKey: string, keyOf: (e: T) => string = (e) => e.id): T[] {
  const from = list.findIndex((e) => keyOf(e) === draggedKey);
  const to = list.findIndex((e) => keyOf(e) === targetKey);
  if (from < 0 || to < 0 || from === to) return list;
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** The order saved (changeUserSeq for accounts, contact/changeSeq for contacts): every entry's place in the book, from 1. */
export const seqPlan = (list: Ordered[]): Array<{ id: string; seq: number; entryType?: 'account' | 'contact' }> =>
  list.map((e, i) => ({ id: e.id, seq: i + 1, ...(e.entryType ? { entryType: e.entryType } : {}) }));

/** The screen reader's account of a move (aria-live). */
export const moveAnnouncement = (name: string, position: number, total: number) => `${name} 已移到第 ${position} 位,共 ${total} 位`;

/** dept_category: 1 工商联, 2 商会, 3 协会 (dictionary org_category). */
export const FEDERATION = 1;
export const CHAMBER = 2;
export const ASSOCIATION = 3;

/** The node of the forest with this id. */
export function findOrg(forest: DeptTreeNode[], id: string | undefined): DeptTreeNode | undefined {
  if (!id) return undefined;
  for (const n of forest) {
    if (n.id === id) return n;
    const hit = findOrg(n.children ?? [], id);
    if (hit) return hit;
  }
  return undefined;
}

/** 下级组织 (addressBookDetail/subordinateOrganization): the own org, then the federations directly below it. */
export function subordinateOrgs(forest: DeptTreeNode[], ownId: string | undefined): DeptTreeNode[] {
  const own = findOrg(forest, ownId);
  if (!own) return [];
  return [own, ...(own.children ?? []).filter((c) => c.deptCategory === FEDERATION)];
}

/** 直属商会 (addressBookDetail/directCoC): the chambers and associations directly attached to the own org. */
export function directChambers(forest: DeptTreeNode[], ownId: string | undefined): DeptTreeNode[] {
  const own = findOrg(forest, ownId);
  return (own?.children ?? []).filter((c) => c.deptCategory === CHAMBER || c.deptCategory === ASSOCIATION);
}

/** The chambers and associations of the forest (商会通讯录's org select), in tree order. */
export function chambersIn(forest: DeptTreeNode[]): DeptTreeNode[] {
  const out: DeptTreeNode[] = [];
  const walk = (nodes: DeptTreeNode[]) => {
    for (const n of nodes) {
      if (n.deptCategory === CHAMBER || n.deptCategory === ASSOCIATION) out.push(n);
      walk(n.children ?? []);
    }
  };
  walk(forest);
  return out;
}

/** The org tree as antd's Tree shows it, every org a selectable node. */
export interface OrgTreeItem {
  key: string;
  title: string;
  children: OrgTreeItem[];
}
export const toTreeItems = (forest: DeptTreeNode[]): OrgTreeItem[] =>
  forest.map((n) => ({ key: n.id, title: n.title, children: toTreeItems(n.children ?? []) }));

/** Keys of the first levels of the forest (expanded at first). */
export function firstLevels(forest: DeptTreeNode[], depth = 1): string[] {
  if (depth <= 0) return [];
  return forest.flatMap((n) => [n.id, ...firstLevels(n.children ?? [], depth - 1)]);
}

/** 男 / 女 / 未知 / -. */
export const sexText = (sex: number | null) => (sex === 1 ? '男' : sex === 2 ? '女' : sex === 3 ? '未知' : '-');
