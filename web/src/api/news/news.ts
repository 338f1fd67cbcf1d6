import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  NEWS_PATHS as P,
  type Envelope,
  type NewsCountView,
  type NewsItemView,
  type NewsKeywordView,
  type NewsManualSubmit,
  type NewsSourceSubmit,
  type NewsSourceView,
  type PageResult,
} from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';
import { get, request } from '../http';

/**
 * 新闻 › 舆情监测 (specification §2 /portal/real-time-info, real-time-info2; server/src/modules/news):
 *   GET  /api/info-service/yqjcxxcj/list              current, size, keyword, startDate, endDate → page (info_time desc)
 *   GET  /api/info-service/yqjcxxcj/countNewAdd       { count, since }: new since the last visit
 *   GET  /api/info-service/yqjcxxcj/todayNewAdd       { count }: collected today
 *   POST /api/info-service/yqjcxxcj/visit             records this visit
 *   GET  /api/info-service/yqjcxxcj/detail            id → the item with its body and mentions
 *   GET  /api/info-service/yqjcxxcj/member-list       kind (enterprise | group), memberId → a member's news
 *   POST /api/info-service/yqjcxxcj/submit|remove     手工录入 / 删除
 *   …/yqjcxxsource/list|submit|remove|fetch, …/yqjcxxkeyword/list|submit|remove   系统管理 › 舆情来源
 */
export type { NewsCountView, NewsItemView, NewsKeywordView, NewsManualSubmit, NewsSourceSubmit, NewsSourceView };

export const newsKeys = {
  all: ['news'] as const,
  list: (query: Record<string, unknown>) => ['news', 'list', query] as const,
  counts: ['news', 'counts'] as const,
  detail: (id: string) => ['news', 'detail', id] as const,
  member: (kind: string, id: string, current: number) => ['news', 'member', kind, id, current] as const,
  sources: ['news', 'sources'] as const,
  keywords: ['news', 'keywords'] as const,
};

export const newsSourceApi: CrudApi<NewsSourceView, NewsSourceSubmit> = bladeCrudApi('/api/info-service/yqjcxxsource', newsKeys.sources);

export interface NewsListQuery {
  current: number;
  size: number;
  keyword?: string;
  startDate?: string;
  endDate?: string;
}

export function useNewsList(query: NewsListQuery) {
  return useQuery({
    queryKey: newsKeys.list({ ...query }),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => get<PageResult<NewsItemView>>(P.list, { ...query }, { signal }),
  });
}

/**
 * Today's count, and what is new since the previous visit; then this visit is recorded, so the next
 * opening counts from now (the "since" of this opening is kept for marking the new items).
 */
export function useNewsCounts() {
  return useQuery({
    queryKey: newsKeys.counts,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      const [fresh, today] = await Promise.all([
        get<NewsCountView>(P.countNewAdd, undefined, { signal }),
        get<NewsCountView>(P.todayNewAdd, undefined, { signal }),
      ]);
      await request<Envelope<NewsCountView>>(P.visit, { method: 'POST' });
      return { newSinceVisit: fresh?.count ?? 0, since: fresh?.since ?? null, today: today?.count ?? 0 };
    },
  });
}

export function useNewsDetail(id: string | undefined) {
  return useQuery({
    queryKey: newsKeys.detail(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => get<NewsItemView>(P.detail, { id }, { signal }),
  });
}

export function useMemberNews(kind: 'enterprise' | 'group', memberId: string, current: number, size = 5) {
  return useQuery({
    queryKey: newsKeys.member(kind, memberId, current),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => get<PageResult<NewsItemView>>(P.memberList, { kind, memberId, current, size }, { signal }),
  });
}

export async function submitNews(body: NewsManualSubmit): Promise<{ msg: string; data: NewsItemView }> {
  const envelope = await request<Envelope<NewsItemView>>(P.submit, { method: 'POST', body });
  return { msg: envelope.msg, data: envelope.data };
}

export async function removeNews(id: string): Promise<void> {
  await request<Envelope<null>>(P.remove, { method: 'POST', params: { ids: id } });
}

export async function fetchSourceNow(id: string): Promise<string> {
  const envelope = await request<Envelope<NewsSourceView>>(P.sourceFetch, { method: 'POST', params: { id } });
  return envelope.msg;
}

export function useNewsKeywords(enabled = true) {
  return useQuery({
    queryKey: newsKeys.keywords,
    enabled,
    queryFn: ({ signal }) => get<NewsKeywordView[]>(P.keywordList, undefined, { signal }).then((r) => r ?? []),
  });
}

export async function addKeyword(keyword: string): Promise<string> {
  const envelope = await request<Envelope<NewsKeywordView>>(P.keywordSubmit, { method: 'POST', body: { keyword } });
  return envelope.msg;
}

export async function removeKeyword(id: string): Promise<void> {
  await request<Envelope<null>>(P.keywordRemove, { method: 'POST', params: { ids: id } });
}
