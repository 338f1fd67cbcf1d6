import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { MailOutboxDetail, MailOutboxView, SmsOutboxView } from '@gsl/contract';
import { fakeServer } from '../../../../test/fakeServer';
import { mockedApi, page, renderScreen } from '../../../../test/screens';
import MailOutboxPage from './MailOutbox';
import { attachmentPublicId, mailDocument } from './outboxLogic';
import SmsOutboxPage from './SmsOutbox';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (original) => ({ ...(await original<object>()), get: vi.fn(), request: vi.fn() }));
await mockedApi();

const sms = (id: string, mobile: string, content: string, segments = 1): SmsOutboxView => ({
  id,
  jobId: `9${id}`,
  deptId: '7',
  deptName: '南京市工商联',
  mobile,
  signName: '南京市工商联',
  templateCode: null,
  content,
  length: content.length + 8,
  segments,
  createTime: '2026-03-01 09:00:00',
});

const mail: MailOutboxView = {
  id: '5',
  jobId: '95',
  deptId: null,
  deptName: null,
  fromAddr: 'noreply@gsl.example.cn',
  toAddr: 'council@nj.example.cn',
  subject: '南京年会通知',
  attachmentCount: 1,
  createTime: '2026-03-01 10:00:00',
};
const detail: MailOutboxDetail = {
  ...mail,
  html: '<h1>年会通知</h1><p>请准时参加</p>',
  attachments: [{ name: '名单.xlsx', size: 2048, link: '/api/blade-resource/attach/download?id=0123456789abcdef0123456789abcdef' }],
};

const rowOf = (testId: string, id: string) => screen.getByTestId(`${testId}-table`).querySelector(`tbody tr[data-row-key="${id}"]`) as HTMLElement;

describe('短信发件箱', { timeout: 20_000 }, () => {
  it('lists the kept SMS with signature, length and parts; nothing to add or delete; searches by number', async () => {
    const server = fakeServer({
      'GET /api/msg-center/sms-outbox/list': () => page([sms('1', '13812340001', '请于周五前提交年报'), sms('2', '13812340002', '会'.repeat(80), 2)]),
    });
    renderScreen(<SmsOutboxPage />);
    await screen.findByText('13812340001');
    expect(within(rowOf('sms-outbox', '1')).getByText('【南京市工商联】')).toBeTruthy();
    expect(within(rowOf('sms-outbox', '1')).getByTestId('sms-outbox-segments').textContent).toBe('17 字 / 1 条');
    expect(within(rowOf('sms-outbox', '2')).getByTestId('sms-outbox-segments').textContent).toBe('88 字 / 2 条');
    expect(screen.getByText(/不会真正发到手机/)).toBeTruthy();
    expect(screen.queryByTestId('sms-outbox-add')).toBeNull();
    expect(within(rowOf('sms-outbox', '1')).queryByRole('checkbox')).toBeNull();

    fireEvent.change(screen.getByTestId('sms-outbox-search-mobile'), { target: { value: ' 13812340002 ' } });
    fireEvent.click(screen.getByTestId('sms-outbox-search-submit'));
    await waitFor(() => expect(server.last('GET', '/api/msg-center/sms-outbox/list')?.params).toEqual({ mobile: '13812340002', current: 1, size: 10 }));
  });
});

describe('邮件发件箱', { timeout: 20_000 }, () => {
  it('opens a kept mail in a drawer: headers, attachment, and the body in a frame sandboxed without permissions', async () => {
    const server = fakeServer({
      'GET /api/msg-center/mail-outbox/list': () => page([mail]),
      'GET /api/msg-center/mail-outbox/detail': () => detail,
    });
    renderScreen(<MailOutboxPage />);
    await screen.findByText('南京年会通知');
    expect(within(rowOf('mail-outbox', '5')).getByText('平台')).toBeTruthy();
    fireEvent.click(within(rowOf('mail-outbox', '5')).getByTestId('mail-outbox-row-detail'));
    const body = (await screen.findByTestId('mail-outbox-body')) as HTMLIFrameElement;
    expect(server.last('GET', '/api/msg-center/mail-outbox/detail')?.params).toEqual({ id: '5' });
    expect(body.getAttribute('sandbox')).toBe('');
    expect(body.getAttribute('srcdoc')).toContain('<h1>年会通知</h1><p>请准时参加</p>');
    const drawer = screen.getByTestId('mail-outbox-detail');
    expect(within(drawer).getByText('council@nj.example.cn')).toBeTruthy();
    expect(within(drawer).getByTestId('mail-outbox-attachment').textContent).toContain('名单.xlsx (2.0 KB)');
  });
});

describe('outboxLogic', () => {
  it('reads the file id from an attachment link, and nothing from anything else', () => {
    expect(attachmentPublicId('/api/blade-resource/attach/download?id=0123456789abcdef0123456789abcdef')).toBe('0123456789abcdef0123456789abcdef');
    expect(attachmentPublicId('/api/blade-resource/attach/download?id=1')).toBeNull();
    expect(attachmentPublicId(null)).toBeNull();
  });

  it('wraps the body in a document of its own with a charset', () => {
    const doc = mailDocument('<p>正文</p>');
    expect(doc).toMatch(/^<!doctype html>/);
    expect(doc).toContain('<meta charset="utf-8">');
    expect(doc).toContain('<body><p>正文</p></body>');
  });
});
