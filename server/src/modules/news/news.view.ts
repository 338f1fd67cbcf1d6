import { NEWS_FETCH_STATUS_NAMES, type NewsItemView, type NewsKeywordView, type NewsMentionKind, type NewsSourceView } from '@gsl/contract';
import { formatTime } from '../../platform/http/time.js';
import type { ItemRow, MentionRow } from './news.repo.js';
import type { SourceRow } from './news-source.repo.js';

export function itemView(row: ItemRow & { content?: string | null }, mentions: MentionRow[], tz: string): NewsItemView {
  return {
    id: String(row.id),
    title: row.title,
    link: row.link,
    summary: row.summary,
    ...(row.content !== undefined ? { content: row.content } : {}),
    author: row.author,
    sourceName: row.sourceName,
    infoTime: formatTime(row.infoTime, tz),
    createTime: formatTime(row.createTime, tz),
    isManual: row.isManual,
    keywords: row.keywords ? row.keywords.split(',').filter(Boolean) : [],
    mentions: mentions.filter((m) => m.itemId === String(row.id)).map((m) => ({ kind: m.kind as NewsMentionKind, refId: m.refId, name: m.name })),
  };
}

export function sourceView(row: SourceRow, tz: string): NewsSourceView {
  return {
    id: String(row.id),
    name: row.name,
    url: row.url,
    enabled: row.enabled,
    matchOnly: row.matchOnly,
    intervalMinutes: row.intervalMinutes,
    lastFetchTime: formatTime(row.lastFetchTime, tz),
    lastSuccessTime: formatTime(row.lastSuccessTime, tz),
    lastStatus: row.lastStatus,
    lastStatusName: NEWS_FETCH_STATUS_NAMES[row.lastStatus] ?? row.lastStatus,
    lastHttpStatus: row.lastHttpStatus,
    lastError: row.lastError,
    consecutiveFailures: row.consecutiveFailures,
    nextFetchTime: row.enabled ? formatTime(row.nextFetchTime, tz) : null,
    itemCount: row.itemCount,
    version: row.version,
  };
}

export const keywordView = (row: { id: string; keyword: string; createTime: Date }, tz: string): NewsKeywordView => ({
  id: String(row.id),
  keyword: row.keyword,
  createTime: formatTime(row.createTime, tz),
});
