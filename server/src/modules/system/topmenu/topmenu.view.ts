import type { TopMenuView } from '@gsl/contract';
import { formatTime } from '../../../platform/http/time.js';
import type { TopMenuRow } from './topmenu.repo.js';

export function topMenuView(row: TopMenuRow, timeZone: string): TopMenuView {
  return {
    id: String(row.id),
    code: row.code,
    name: row.name,
    source: row.source,
    path: row.path,
    sort: row.sort,
    version: row.version,
    createTime: formatTime(row.createTime, timeZone),
    updateTime: formatTime(row.updateTime, timeZone),
  };
}
