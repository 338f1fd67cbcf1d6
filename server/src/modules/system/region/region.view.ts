import { REGION_LEVEL_NAMES, regionAdcode, type RegionNode, type RegionView } from '@gsl/contract';
import type { RegionRow } from './region.repo.js';

/** A region as a lazy-tree node (wire contract §3): id, key and value are the code. */
export function regionNode(row: RegionRow): RegionNode {
  return {
    id: row.code,
    parentId: row.parentCode,
    title: row.name,
    key: row.code,
    value: row.code,
    hasChildren: !!row.hasChildren,
    children: [],
    code: row.code,
    name: row.name,
    level: row.level,
    adcode: regionAdcode(row.code),
  };
}

export function regionView(row: RegionRow): RegionView {
  return {
    code: row.code,
    parentCode: row.parentCode,
    parentName: row.parentName ?? null,
    name: row.name,
    level: row.level,
    levelName: REGION_LEVEL_NAMES[row.level] ?? null,
    sort: row.sort,
    adcode: regionAdcode(row.code),
    hasChildren: !!row.hasChildren,
    isLocal: Number(row.isLocal ?? 0),
    remark: row.remark ?? null,
  };
}
