import type { RegionNode, RegionView } from '@gsl/contract';
import { get } from '../http';

/**
 * 行政区划 (menu region; national divisions province → city → county, read-only on the server):
 *   GET /api/blade-system/region/lazy-tree  parentCode ('' / 00 = the provinces) → the direct children, with hasChildren
 *   GET /api/blade-system/region/detail     code → RegionView (permission region)
 */
export const regionKeys = {
  all: ['system', 'region'] as const,
  children: (parentCode: string) => ['system', 'region', 'lazy-tree', parentCode] as const,
  detail: (code: string) => ['system', 'region', 'detail', code] as const,
};

export const getRegionChildren = (parentCode = '', signal?: AbortSignal) =>
  get<RegionNode[]>('/api/blade-system/region/lazy-tree', { parentCode: parentCode || undefined }, { signal }).then((nodes) => nodes ?? []);

export const getRegionDetail = (code: string, signal?: AbortSignal) => get<RegionView>('/api/blade-system/region/detail', { code }, { signal });
