import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope, PageResult } from '@gsl/contract';
import { get, request, type QueryValue } from './http';

/** What a list call takes: paging (current, size) and the BladeX filters (`name`, `name_dategt` …). */
export type ListQuery = Record<string, QueryValue>;

/** A write's answer: the saved record and the server's message (新增成功 / 更新成功 / 删除成功, §8). */
export interface Saved<T> {
  data: T;
  msg: string;
}

/**
 * The calls of one BladeX-style CRUD entity (GET list, POST submit, POST remove?ids=), as the shared
 * CrudTable consumes them. `queryKey` is the entity's root key: lists live under it and every
 * write invalidates it.
 */
export interface CrudApi<Row, Body> {
  queryKey: readonly unknown[];
  list(query: ListQuery, signal?: AbortSignal): Promise<PageResult<Row>>;
  submit(body: Body): Promise<Saved<Row>>;
  remove(ids: string[]): Promise<Saved<null>>;
}

const emptyPage = <Row>(query: ListQuery): PageResult<Row> => ({
  records: [],
  total: 0,
  size: Number(query.size ?? 0),
  current: Number(query.current ?? 1),
  pages: 0,
});

/**
 * The CrudApi of an entity served at `${base}/list|submit|remove` (wire contract §3): submit without
 * id adds, with id (and version) updates; remove takes the ids comma-separated in the query.
 */
export function bladeCrudApi<Row, Body>(base: string, queryKey: readonly unknown[]): CrudApi<Row, Body> {
  return {
    queryKey,
    // A call cancelled by TanStack Query resolves undefined (http.ts); it is never rendered.
    list: async (query, signal) => (await get<PageResult<Row>>(`${base}/list`, query, { signal })) ?? emptyPage<Row>(query),
    submit: async (body) => {
      const envelope = await request<Envelope<Row>>(`${base}/submit`, { method: 'POST', body });
      return { data: envelope.data, msg: envelope.msg };
    },
    remove: async (ids) => {
      const envelope = await request<Envelope<null>>(`${base}/remove`, { method: 'POST', params: { ids: ids.join(',') } });
      return { data: null, msg: envelope.msg };
    },
  };
}

export const crudListKey = (api: CrudApi<unknown, unknown>, query: ListQuery) => [...api.queryKey, 'list', query] as const;

/** One page of the entity, keyed by filters + page; the previous page stays shown while the next loads. */
export function useCrudList<Row>(api: CrudApi<Row, unknown>, query: ListQuery) {
  return useQuery({
    queryKey: crudListKey(api as CrudApi<unknown, unknown>, query),
    queryFn: ({ signal }) => api.list(query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * submit and remove. After every write — success or failure — the entity's lists are refetched:
 * a refused write (数据已被他人修改, 参数键名已存在, a row gone) usually means the list is stale.
 */
export function useCrudWrites<Row, Body>(api: CrudApi<Row, Body>) {
  const client = useQueryClient();
  const onSettled = () => client.invalidateQueries({ queryKey: api.queryKey });
  const save = useMutation({ mutationFn: (body: Body) => api.submit(body), onSettled });
  const remove = useMutation({ mutationFn: (ids: string[]) => api.remove(ids), onSettled });
  return { save, remove };
}
