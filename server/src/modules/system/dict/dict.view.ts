import type { DictView } from '@gsl/contract';
import { formatTime } from '../../../platform/http/time.js';
import type { DictRow } from './dict.repo.js';
import { forest } from '../forest.js';

export function dictView(row: DictRow, timeZone: string, parentName: string | null = null): DictView & { hasChildren: boolean } {
  return {
    id: String(row.id),
    parentId: String(row.parentId),
    parentName,
    code: row.code,
    dictKey: row.dictKey,
    dictValue: row.dictValue,
    sort: row.sort,
    isSealed: row.isSealed,
    remark: row.remark,
    version: row.version,
    createTime: formatTime(row.createTime, timeZone),
    hasChildren: !!row.hasChildren,
  };
}

export interface DictTreeNode extends ReturnType<typeof dictView> {
  title: string;
  key: string;
  value: string;
  children: DictTreeNode[];
}

/** Tree nodes per wire contract §3: { id, parentId, title, key, value, hasChildren, children } + own fields. */
export function dictForest(rows: DictRow[], timeZone: string): DictTreeNode[] {
  const nodes = new Map<string, DictTreeNode>();
  for (const r of rows) nodes.set(String(r.id), { ...dictView(r, timeZone), title: r.dictValue, key: String(r.id), value: String(r.id), children: [] });
  return forest(nodes.values(), (n, parent) => (n.parentName = parent.dictValue));
}
