import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SEND_TAGS, TAG_TYPES } from '@gsl/contract';
import { fakeServer, type Call } from '../../../../test/fakeServer';
import { treeNode } from '../../../../test/fixtures';
import { mockedApi, page, renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: MessageCenterPage } = await import('./index');

const MC = '/api/msg-center';
const SENDER = {
  sendCode: 'notice',
  userId: '21',
  userName: '陈思远',
  deptId: '1201',
  deptName: '南京市工商联',
  signName: '南京工商联',
  channels: ['sys', 'sms'],
  canUrgent: true,
};
const NOTICE = {
  id: '77',
  sendCode: 'notice',
  channel: 'sys',
  channelName: '系统通知',
  title: '关于召开年度会员大会的通知',
  content: '请各商会于本周五前报送参会名单。',
  urgent: false,
  status: 'done',
  statusName: '已完成',
  total: 12,
  sent: 12,
  failed: 0,
  pending: 0,
  read: 9,
  segments: null,
  notBefore: null,
  parentId: null,
  deptId: '1201',
  deptName: '南京市工商联',
  createUser: '21',
  createUserName: '陈思远',
  createTime: '2026-03-02 09:30:00',
  attachments: [],
  range: [{ tagType: 'coc', name: '商会工作人员', deptId: '1201', deptName: '南京市工商联' }],
};

/** Every tag counts 10 people, 8 with an account, 9 with a phone, 5 with a mailbox; a mixed selection counts 17. */
function serve(extra: Record<string, (call: Call) => unknown> = {}) {
  const counts = Object.fromEntries(
    TAG_TYPES.map((t) => [`GET ${MC}/send-range/user/${t}/count`, () => ({ tagType: t, name: SEND_TAGS[t].name, total: 10, sys: 8, sms: 9, email: 5 })]),
  );
  return fakeServer({
    [`GET ${MC}/publish/range/sender`]: () => SENDER,
    [`GET ${MC}/publish/range/is-send`]: (c) => ({ canSend: true, reason: null, channel: c.params?.channel, sendCode: 'notice' }),
    'GET /api/blade-system/dept/dept-tree': () => [treeNode('1201', '南京市工商联', [treeNode('1301', '玄武区工商联')])],
    [`GET ${MC}/send-range/coc/list`]: () => page([]),
    [`POST ${MC}/send-range/user/count`]: (c) => ({ channel: (c.body as { channel: string }).channel, count: 17, byTag: [] }),
    [`GET ${MC}/publish/range/list`]: () => page([NOTICE]),
    ...counts,
    ...extra,
  });
}

const ALL = ['message', 'message_notice', 'message_sms', 'message_urgent', 'message_view'];

beforeEach(() => {
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.warning).mockReset();
});

describe('消息中心: 发送消息', () => {
  it('sends a notice to the chambers’ staff after confirming the distinct recipients, then shows 已发送', async () => {
    const server = serve({ [`POST ${MC}/sys/send`]: () => ({ msg: '发送成功', data: { id: '78', total: 17, notBefore: null } }) });
    renderScreen(<MessageCenterPage />, ALL);
    // only the channels the sender may use
    const channels = await screen.findByRole('radiogroup', { name: '发送渠道' });
    expect(
      within(channels)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['系统通知', '短信']);

    fireEvent.change(screen.getByLabelText('标题'), { target: { value: '关于召开年度会员大会的通知' } });
    fireEvent.change(screen.getByLabelText('内容'), { target: { value: '请各商会于本周五前报送参会名单。' } });
    // member tags reach people by SMS only: shown, not tickable on a notice
    expect((screen.getByRole('checkbox', { name: '企业会员' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: '商会工作人员' }));
    await waitFor(() => expect(screen.getByTestId('msg-range-count-coc').textContent).toBe('8人'));
    await waitFor(() => expect(screen.getByTestId('msg-total').textContent).toContain('17 人'));
    expect(server.last('POST', `${MC}/send-range/user/count`)?.body).toEqual({ channel: 'sys', range: { items: [{ tagType: 'coc' }], userIds: [] } });

    fireEvent.click(screen.getByRole('button', { name: /发送$/ }));
    const ok = await screen.findByRole('button', { name: /确\s*定/ });
    expect(screen.getByText('确定向17人发送?')).toBeTruthy();
    fireEvent.click(ok);
    await waitFor(() => expect(server.last('POST', `${MC}/sys/send`)).toBeTruthy());
    expect(server.last('POST', `${MC}/sys/send`)?.body).toEqual({
      title: '关于召开年度会员大会的通知',
      content: '请各商会于本周五前报送参会名单。',
      range: { items: [{ tagType: 'coc' }], userIds: [] },
      attachIds: [],
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('发送成功'));
    expect(await screen.findByTestId('msg-sent-table')).toBeTruthy();
    expect(screen.getByRole('tab', { name: '已发送', selected: true })).toBeTruthy();
  });

  it('SMS: shows the length with the signature and the billed messages, reaches members, and says when quiet hours hold it', async () => {
    const quiet = '当前为短信免打扰时段,将于2026-03-03 08:00:00发送';
    const server = serve({ [`POST ${MC}/sms/send`]: () => ({ msg: quiet, data: { id: '79', total: 17, notBefore: '2026-03-03 08:00:00' } }) });
    renderScreen(<MessageCenterPage />, ALL);
    fireEvent.click(await screen.findByRole('radio', { name: '短信' }));
    await waitFor(() => expect(screen.queryByLabelText('标题')).toBeNull());
    fireEvent.change(screen.getByLabelText('内容'), { target: { value: 'a'.repeat(64) } });
    await waitFor(() => expect(screen.getByTestId('msg-sms-counter').textContent).toContain('字数 71(含签名【南京工商联】),计费 2 条'));

    fireEvent.click(screen.getByRole('checkbox', { name: '企业会员' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^紧急发送/ }));
    await waitFor(() => expect(screen.getByTestId('msg-range-count-memE').textContent).toBe('9人'));
    fireEvent.click(screen.getByRole('button', { name: /发送$/ }));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.last('POST', `${MC}/sms/send`)).toBeTruthy());
    expect(server.last('POST', `${MC}/sms/send`)?.body).toEqual({
      content: 'a'.repeat(64),
      range: { items: [{ tagType: 'memE' }], userIds: [] },
      urgent: true,
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(quiet));
  });

  it('asks for a range before anything is sent', async () => {
    const server = serve();
    renderScreen(<MessageCenterPage />, ALL);
    fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '通知' } });
    fireEvent.change(screen.getByLabelText('内容'), { target: { value: '内容' } });
    fireEvent.click(screen.getByRole('button', { name: /发送$/ }));
    expect(await screen.findByText('请选择发送范围')).toBeTruthy();
    expect(server.calls.some((c) => c.url.endsWith('/send'))).toBe(false);
  });
});

describe('消息中心: 已发送', () => {
  it('lists the sends, opens one with its recipients, and reminds exactly the unread', async () => {
    const server = serve({
      [`GET ${MC}/sys/detail`]: () => NOTICE,
      [`GET ${MC}/sys/detail/list`]: () =>
        page([
          {
            id: '1',
            sendId: '77',
            userId: '31',
            name: '王敏',
            deptId: '1401',
            deptName: '南京市浙江商会',
            tagType: 'coc',
            address: null,
            status: 1,
            statusName: '已发送',
            failReason: null,
            sentTime: '2026-03-02 09:30:01',
            isRead: 0,
            readTime: null,
            remindCount: 0,
          },
        ]),
      [`POST ${MC}/publish/range/remind`]: () => ({ msg: '发送成功', data: { id: '80', total: 3, notBefore: null } }),
    });
    renderScreen(<MessageCenterPage />, ['message', 'message_notice', 'message_view']);
    fireEvent.click(await screen.findByRole('tab', { name: '已发送' }));
    const table = await screen.findByTestId('msg-sent-table');
    await within(table).findByText('关于召开年度会员大会的通知');
    expect(within(table).getByText('已完成')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: /^详情/ }));
    const recipients = await screen.findByTestId('msg-recipients-table');
    await within(recipients).findByText('王敏');
    expect(within(recipients).getByText('未读')).toBeTruthy();
    expect(server.last('GET', `${MC}/sys/detail/list`)?.params).toMatchObject({ noticeId: '77', current: 1, size: 10 });

    fireEvent.click(screen.getByRole('button', { name: /提醒未读/ }));
    expect((await screen.findByTestId('msg-remind-count')).textContent).toContain('3 位');
    // without message_sms the reminder goes as a notice only
    expect(screen.queryByRole('radio', { name: /短信/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '发送提醒' }));
    await waitFor(() => expect(server.last('POST', `${MC}/publish/range/remind`)?.body).toEqual({ id: '77', channel: 'sys' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('发送成功,已提醒3人'));
  });

  it('shows no 发送消息 tab to a user who may only read, and no 详情 without message_view', async () => {
    serve();
    renderScreen(<MessageCenterPage />, ['message']);
    const table = await screen.findByTestId('msg-sent-table');
    await within(table).findByText('关于召开年度会员大会的通知');
    expect(screen.queryByRole('tab', { name: '发送消息' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /^详情/ })).toBeNull();
  });
});
