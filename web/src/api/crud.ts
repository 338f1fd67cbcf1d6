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

/**
 * The page a list call answers when it gives nothing: a call cancelled by TanStack Query resolves
 * undefined (http.ts) and is never rendered, but the list's type stays a page.
 */
export const emptyPage = <Row>(query: ListQuery): PageResult<Row> => ({
  records: [],
  total: 0,
  size: Number(query.size ?? 0),
  current: Number(query.current ?? 1),
  pages: 0,
});

const PAGING = new Set(['current', 'size', 'ascs', 'descs']);

/** A POST page call's two halves: paging (and order) in the query, the filters in the body. */
export function splitPageQuery(query: ListQuery): { params: Record<string, QueryValue>; body: Record<string, QueryValue> } {
  const params: Record<string, QueryValue> = {};
  const body: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    (PAGING.has(key) ? params : body)[key] = value;
  }
  return { params, body };
}

/** Where an entity's calls differ from BladeX's `list` / `submit` / `remove?ids=`. */
export interface BladeCrudVerbs {
  /** The list: its path under the base (`list`, `page`, …); GET sends the filters in the query, POST in the body (paging stays in the query). */
  list?: { path?: string; method?: 'GET' | 'POST' };
  /** One submit path (without id adds, with id and version updates), or a path for each (`save` / `update`), chosen by the body's id. */
  submit?: string | { add: string; update: string };
  /** The remove path and the query parameter carrying the ids, comma-separated. */
  remove?: { path?: string; param?: string };
  /** A list without writes: submit and remove are refused with this text. */
  readOnly?: string;
}

/**
 * The CrudApi of an entity served at `${base}/list|submit|remove` (wire contract §3): submit without
 * id adds, with id (and version) updates; remove takes the ids comma-separated in the query. `verbs`
 * names the calls of an entity that spells them otherwise.
 */
export function bladeCrudApi<Row, Body>(base: string, queryKey: readonly unknown[], verbs: BladeCrudVerbs = {}): CrudApi<Row, Body> {
  const listUrl = `${base}/${verbs.list?.path ?? 'list'}`;
  const submitUrl = (body: Body) => {
    const submit = verbs.submit ?? 'submit';
    if (typeof submit === 'string') return `${base}/${submit}`;
    return `${base}/${(body as { id?: unknown }).id ? submit.update : submit.add}`;
  };
  const removeUrl = `${base}/${verbs.remove?.path ?? 'remove'}`;
  const idsParam = verbs.remove?.param ?? 'ids';
  const refuse = () => Promise.reject(new Error(verbs.readOnly));
  return {
    queryKey,
    list: async (query, signal) => {
      if (verbs.list?.method === 'POST') {
        const { params, body } = splitPageQuery(query);
        const envelope = await request<Envelope<PageResult<Row>> | undefined>(listUrl, { method: 'POST', params, body, signal });
        return envelope?.data ?? emptyPage<Row>(query);
      }
      return (await get<PageResult<Row>>(listUrl, query, { signal })) ?? emptyPage<Row>(query);
    },
    submit: verbs.readOnly
      ? refuse
      : async (body) => {
          const envelope = await request<Envelope<Row>>(submitUrl(body), { method: 'POST', body });
          return { data: envelope.data, msg: envelope.msg };
        },
    remove: verbs.readOnly
      ? refuse
      : async (ids) => {
          const envelope = await request<Envelope<null>>(removeUrl, { method: 'POST', params: { [idsParam]: ids.join(',') } });
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
