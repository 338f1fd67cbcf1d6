import { useQuery } from '@tanstack/react-query';
import type { Envelope, MailboxSubmit, MailboxTest, MailboxTestView, MailboxView, MyOrgCardView, PageResult, PortalLoginView } from '@gsl/contract';
import { bladeCrudApi, emptyPage, type CrudApi, type ListQuery } from '../crud';
import { get, request } from '../http';

/**
 * 我的组织's own org (specification §2 /portal/myOrg; server/src/modules/myorg, portal/userlogin):
 *   GET  /api/aoc-service/portal/myOrg             → the own org's card (names, region, person in charge, counts)
 *   GET  /api/aoc-service/portal/userlogin/list    current, size, account, success, createTime_dategt/_datelt → sign-ons of the org's accounts
 *   GET  /api/aoc-service/mailbox/detail           → the own org's sender mailbox (never its password)
 *   POST /api/aoc-service/mailbox/submit           MailboxSubmit → 新增成功 / 更新成功
 *   POST /api/aoc-service/mailbox/test             MailboxTest → 测试邮件已发送,请查收 (or 400 with the reason)
 * The org's information itself is the org profile's (api/profile: orgprofile/detail, submit, sections).
 */
export type { MailboxSubmit, MailboxTest, MailboxTestView, MailboxView, MyOrgCardView, PortalLoginView };

export const myOrgKeys = {
  all: ['myorg', 'own'] as const,
  card: ['myorg', 'own', 'card'] as const,
  logins: (query: ListQuery) => ['myorg', 'own', 'logins', query] as const,
  mailbox: ['myorg', 'own', 'mailbox'] as const,
};

export const getMyOrgCard = (signal?: AbortSignal) => get<MyOrgCardView>('/api/aoc-service/portal/myOrg', undefined, { signal });

export function useMyOrgCard() {
  return useQuery({ queryKey: myOrgKeys.card, queryFn: ({ signal }) => getMyOrgCard(signal) });
}

/** 登录日志 as the shared CrudTable consumes it (read only). */
export const orgLoginApi: CrudApi<PortalLoginView, never> = bladeCrudApi('/api/aoc-service/portal/userlogin', ['myorg', 'own', 'logins'], {
  readOnly: '登录日志只读',
});

export const orgLogins = async (query: ListQuery, signal?: AbortSignal) =>
  (await get<PageResult<PortalLoginView>>('/api/aoc-service/portal/userlogin/list', query, { signal })) ?? emptyPage<PortalLoginView>(query);

const MAILBOX = '/api/aoc-service/mailbox';

export const getMailbox = (signal?: AbortSignal) => get<MailboxView>(`${MAILBOX}/detail`, undefined, { signal });

export function useMailbox() {
  return useQuery({ queryKey: myOrgKeys.mailbox, queryFn: ({ signal }) => getMailbox(signal) });
}

/** What a write answers: its data and the server's message. */
export interface Answered<T> {
  data: T;
  msg: string;
}

async function post<T>(url: string, body: unknown): Promise<Answered<T>> {
  const envelope = await request<Envelope<T>>(url, { method: 'POST', body });
  return { data: envelope?.data as T, msg: envelope?.msg ?? '' };
}

export const submitMailbox = (body: MailboxSubmit) => post<MailboxView>(`${MAILBOX}/submit`, body);

export const testMailbox = (body: MailboxTest) => post<MailboxTestView>(`${MAILBOX}/test`, body);
