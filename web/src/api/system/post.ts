import { useQuery } from '@tanstack/react-query';
import type { PostOption, PostSubmit, PostView } from '@gsl/contract';
import { bladeCrudApi } from '../crud';
import { get } from '../http';

/**
 * 岗位管理 (menu post, buttons post_add / post_edit / post_delete / post_view):
 *   GET  /api/blade-system/post/list    current, size, postCode, postName, category → a page of the tenant's posts and the platform's default ones
 *   GET  /api/blade-system/post/detail  id
 *   POST /api/blade-system/post/submit  PostSubmit; with id + version updates (默认岗位仅超级管理员可改)
 *   POST /api/blade-system/post/remove  ?ids= (refused while users hold the post)
 *   GET  /api/blade-system/post/select  tenantId (default 000000, specification §9) → options of user forms
 */
export const postApi = bladeCrudApi<PostView, PostSubmit>('/api/blade-system/post', ['system', 'post']);

export const getPostOptions = (tenantId?: string, signal?: AbortSignal) =>
  get<PostOption[]>('/api/blade-system/post/select', { tenantId }, { signal }).then((rows) => rows ?? []);

export function usePostOptions(tenantId?: string) {
  return useQuery({ queryKey: ['system', 'post', 'select', tenantId ?? ''], queryFn: ({ signal }) => getPostOptions(tenantId, signal), staleTime: 60_000 });
}
