import type { ParamView } from '@gsl/contract';
import { formatTime } from '../../../platform/http/time.js';
import type { ParamRow } from './param.repo.js';

export function paramView(row: ParamRow, timeZone: string): ParamView {
  return {
    id: String(row.id),
    paramName: row.paramName,
    paramKey: row.paramKey,
    paramValue: row.paramValue,
    remark: row.remark,
    version: row.version,
    createTime: formatTime(row.createTime, timeZone),
    updateTime: formatTime(row.updateTime, timeZone),
  };
}
