import { API_SCOPE_TYPE_NAMES, DATA_SCOPE_TYPE_NAMES, type ApiScopeView, type DataScopeView } from '@gsl/contract';
import { formatTime } from '../../../platform/http/time.js';
import type { ScopeKind } from './scope.kind.js';
import type { ScopeRow } from './scope.repo.js';

export function scopeView(kind: ScopeKind, row: ScopeRow, timeZone: string): DataScopeView | ApiScopeView {
  const common = {
    id: String(row.id),
    menuId: String(row.menuId),
    menuName: row.menuName ?? null,
    resourceCode: row.resourceCode,
    scopeName: row.scopeName,
    scopeType: row.scopeType,
    scopeTypeName: (kind.category === 1 ? DATA_SCOPE_TYPE_NAMES : API_SCOPE_TYPE_NAMES)[row.scopeType] ?? null,
    remark: row.remark,
    version: row.version,
    createTime: formatTime(row.createTime, timeZone),
    updateTime: formatTime(row.updateTime, timeZone),
  };
  return kind.category === 1
    ? { ...common, scopeColumn: row.scopeColumn ?? null, scopeValue: row.scopeValue ?? null }
    : { ...common, scopePath: row.scopePath ?? null };
}
