import { useQuery } from '@tanstack/react-query';
import type { MailOutboxDetail, MailOutboxView, SmsOutboxView } from '@gsl/contract';
import { bladeCrudApi, type CrudApi } from '../crud';
import { get } from '../http';

/**
 * 短信发件箱 and 邮件发件箱 (系统管理): what the built-in providers kept instead of sending, read only.
 *   GET /api/msg-center/sms-outbox/list    current, size, mobile, content, createTime_dategt / _datelt (or startDate, endDate)
 *   GET /api/msg-center/mail-outbox/list   current, size, to, subject, createTime_dategt / _datelt (or startDate, endDate)
 *   GET /api/msg-center/mail-outbox/detail id → the mail with its sanitised HTML body and attachments
 * Permissions: the menu codes sms_outbox and mail_outbox.
 */
export type { MailOutboxDetail, MailOutboxView, SmsOutboxView };

const BASE = '/api/msg-center';
export const outboxKeys = {
  sms: ['message', 'sms-outbox'] as const,
  mail: ['message', 'mail-outbox'] as const,
  mailDetail: (id: string) => ['message', 'mail-outbox', 'detail', id] as const,
};

const READ_ONLY = '发件箱只读';
export const smsOutboxApi: CrudApi<SmsOutboxView, never> = bladeCrudApi(`${BASE}/sms-outbox`, outboxKeys.sms, { readOnly: READ_ONLY });
export const mailOutboxApi: CrudApi<MailOutboxView, never> = bladeCrudApi(`${BASE}/mail-outbox`, outboxKeys.mail, { readOnly: READ_ONLY });

/** A cancelled call (http.ts resolves it quietly) answers null. */
export const getMailOutboxDetail = (id: string, signal?: AbortSignal) =>
  get<MailOutboxDetail>(`${BASE}/mail-outbox/detail`, { id }, { signal }).then((row) => row ?? null);

/** One kept e-mail with its body; it never changes once kept. */
export function useMailOutboxDetail(id: string | undefined) {
  return useQuery({
    queryKey: outboxKeys.mailDetail(id ?? ''),
    queryFn: ({ signal }) => getMailOutboxDetail(id!, signal),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
}
