import { useQuery } from '@tanstack/react-query';
import type { AttachUploaded, Envelope, QuestionSubmit, QuestionView, SuggestionSubmit, SuggestionView } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';
import { uploadFile } from '../files';
import { get, request } from '../http';

/**
 * 客服中心 (specification §2 /portal/cases; server/src/modules/support):
 *   GET  /api/blade-system/customer/detail              客服信息 (name, phone, email, serviceTime, address; null when unset)
 *   GET  /api/mem-service/aiproblembase/random/six      six common questions at random
 *   GET  /api/mem-service/aiproblembase/list            current, size, keyword → page of questions
 *   GET  /api/mem-service/aiproblembase/detail          id → one question
 *   POST /api/mem-service/aiproblembase/submit|remove   administrators (support_question_edit / _delete)
 *   POST /api/aoc-service/suggestion/submit             content, contactInformation, attachment (own upload's public id)
 *   GET  /api/aoc-service/suggestion/my                 the caller's own suggestions with replies
 *   GET  /api/aoc-service/suggestion/page               administrators: status (0 待回复, 1 已回复), keyword
 *   POST /api/aoc-service/suggestion/reply              administrators: { id, reply } → a notice to the sender
 */
export type { QuestionSubmit, QuestionView, SuggestionSubmit, SuggestionView };

export interface CustomerInfo {
  name: string | null;
  phone: string | null;
  email: string | null;
  serviceTime: string | null;
  address: string | null;
}

export const supportKeys = {
  customer: ['support', 'customer'] as const,
  six: ['support', 'six'] as const,
  questions: ['support', 'questions'] as const,
  question: (id: string) => ['support', 'question', id] as const,
  suggestions: ['support', 'suggestions'] as const,
  mySuggestions: ['support', 'suggestions', 'my'] as const,
};

const Q = '/api/mem-service/aiproblembase';
const S = '/api/aoc-service/suggestion';

export const questionApi: CrudApi<QuestionView, QuestionSubmit> = bladeCrudApi(Q, supportKeys.questions);
export const suggestionAdminApi: CrudApi<SuggestionView, never> = bladeCrudApi(S, supportKeys.suggestions, {
  list: { path: 'page' },
  readOnly: '意见建议只能回复,不能新增或删除',
});
export const mySuggestionApi: CrudApi<SuggestionView, never> = bladeCrudApi(S, supportKeys.mySuggestions, {
  list: { path: 'my' },
  readOnly: '意见建议提交后不能修改',
});

export function useCustomer() {
  return useQuery({ queryKey: supportKeys.customer, queryFn: ({ signal }) => get<CustomerInfo>('/api/blade-system/customer/detail', undefined, { signal }) });
}

export function useSixQuestions() {
  return useQuery({ queryKey: supportKeys.six, queryFn: ({ signal }) => get<QuestionView[]>(`${Q}/random/six`, undefined, { signal }).then((r) => r ?? []) });
}

export function useQuestion(id: string | undefined) {
  return useQuery({
    queryKey: supportKeys.question(id ?? ''),
    enabled: Boolean(id),
    queryFn: ({ signal }) => get<QuestionView>(`${Q}/detail`, { id }, { signal }),
  });
}

/** Sends a suggestion; answers the server's message (提交成功,感谢您的意见建议). */
export async function submitSuggestion(body: SuggestionSubmit): Promise<{ msg: string; data: SuggestionView }> {
  const envelope = await request<Envelope<SuggestionView>>(`${S}/submit`, { method: 'POST', body });
  return { msg: envelope.msg, data: envelope.data };
}

export async function replySuggestion(id: string, reply: string): Promise<{ msg: string; data: SuggestionView }> {
  const envelope = await request<Envelope<SuggestionView>>(`${S}/reply`, { method: 'POST', body: { id, reply } });
  return { msg: envelope.msg, data: envelope.data };
}

/** put-file-attach: the suggestion's attachment; its `name` (the public id) is what submit takes. */
export async function uploadSuggestionFile(file: File): Promise<AttachUploaded> {
  return (await uploadFile<AttachUploaded>('/api/blade-resource/oss/endpoint/put-file-attach', file)).data;
}
