import { POST_CATEGORY_NAMES, type PostView } from '@gsl/contract';
import { formatTime } from '../../../platform/http/time.js';
import type { PostRow } from './post.repo.js';

export function postView(row: PostRow, timeZone: string): PostView {
  return {
    id: String(row.id),
    tenantId: row.tenantId,
    category: row.category,
    categoryName: POST_CATEGORY_NAMES[row.category] ?? null,
    postCode: row.postCode,
    postName: row.postName,
    sort: row.sort,
    remark: row.remark,
    version: row.version,
    createTime: formatTime(row.createTime, timeZone),
    updateTime: formatTime(row.updateTime, timeZone),
  };
}
