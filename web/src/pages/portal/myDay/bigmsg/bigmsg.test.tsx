import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@gsl/contract';
import { fakeServer, type Call } from '../../../../../test/fakeServer';
import { mockedApi, page, renderScreen } from '../../../../../test/screens';
import { emit, resetLiveEvents } from '../../../../../test/liveEvents';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

vi.mock('../../../../utils/liveEvents', () => import('../../../../../test/liveEvents'));

const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: MyMessagesPage } = await import('./index');

const UM = '/api/blade-user/message';
const LINK = '/api/blade-resource/attach/download?id=3f2a9c1e8b7d4a6f9e0c1b2a3d4e5f60';
const message = (id: string, title: string, isRead: number) => ({
  id,
  sendId: `s${id}`,
  title,
  content: '请各商会于本周五前报送参会名单。\n联系人:王敏',
  sendCode: 'notice',
  senderName: '陈思远',
  senderDeptName: '南京市工商联',
  isRead,
  readTime: isRead ? '2026-03-02 10:00:00' : null,
  createTime: '2026-03-02 09:30:00',
  attachments: id === '1' ? [{ name: '参会回执.docx', link: LINK }] : [],
});
const BOX = [message('1', '关于召开年度会员大会的通知', 0), message('2', '年报填报提醒', 1)];

function serve() {
  return fakeServer({
    [`GET ${UM}/sampleList`]: (c: Call) => page(c.params?.isRead === 0 ? BOX.filter((m) => !m.isRead) : BOX),
    [`GET ${UM}/detail`]: (c: Call) => BOX.find((m) => m.id === c.params?.id),
    [`GET ${UM}/unread-count`]: () => ({ unread: 1 }),
    [`POST ${UM}/updateIsReadbyId`]: () => ({ msg: MSG.ok, data: null }),
    [`POST ${UM}/update`]: () => ({ msg: MSG.updated, data: null }),
    [`POST ${UM}/updateIsRead`]: () => ({ msg: MSG.ok, data: { unread: 0 } }),
    [`POST ${UM}/remove`]: () => ({ msg: MSG.removed, data: null }),
  });
}

beforeEach(() => {
  resetLiveEvents();
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.warning).mockReset();
});

describe('我的消息', () => {
  it('marks the unread in words as well as in bold, opens one with its sender and attachments, and reads it', async () => {
    const server = serve();
    renderScreen(<MyMessagesPage />);
    const table = await screen.findByTestId('inbox-table');
    const unread = await within(table).findByRole('button', { name: '关于召开年度会员大会的通知' });
    expect(unread.className).toContain('inbox-title--unread');
    expect(within(unread.closest('tr')!).getByText('未读')).toBeTruthy();
    expect(within(within(table).getByRole('button', { name: '年报填报提醒' }).closest('tr')!).getByText('已读')).toBeTruthy();

    fireEvent.click(unread);
    const detail = await screen.findByTestId('inbox-detail');
    await waitFor(() => expect(server.last('POST', `${UM}/updateIsReadbyId`)?.params).toEqual({ id: '1' }));
    expect(detail.textContent).toContain('陈思远');
    expect(detail.textContent).toContain('南京市工商联');
    expect(within(detail).getByText(/联系人:王敏/).textContent).toBe('请各商会于本周五前报送参会名单。\n联系人:王敏');
    expect(within(detail).getByRole('button', { name: /参会回执\.docx/ })).toBeTruthy();

    fireEvent.click(screen.getByTestId('inbox-mark-unread'));
    await waitFor(() => expect(server.last('POST', `${UM}/update`)?.body).toEqual({ id: '1', isRead: 0 }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('已标为未读'));
  });

  it('opening a read message does not read it again; 未读 asks for the unread only; 全部已读 reads all', async () => {
    const server = serve();
    renderScreen(<MyMessagesPage />);
    fireEvent.click(await screen.findByRole('button', { name: '年报填报提醒' }));
    await screen.findByTestId('inbox-detail');
    expect(server.last('POST', `${UM}/updateIsReadbyId`)).toBeUndefined();

    fireEvent.click(within(screen.getByTestId('inbox-filter')).getByText('未读'));
    await waitFor(() => expect(server.last('GET', `${UM}/sampleList`)?.params).toMatchObject({ isRead: 0, current: 1 }));
    fireEvent.click(screen.getByTestId('inbox-read-all'));
    await waitFor(() => expect(server.last('POST', `${UM}/updateIsRead`)).toBeTruthy());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.ok));
  });

  it('deletes the selected after confirming, and asks for a selection first', async () => {
    const server = serve();
    renderScreen(<MyMessagesPage />);
    const table = await screen.findByTestId('inbox-table');
    await within(table).findByRole('button', { name: '年报填报提醒' });
    fireEvent.click(screen.getByTestId('inbox-remove'));
    expect(toast.warning).toHaveBeenCalledWith(MSG.selectAtLeastOne);

    fireEvent.click(within(table).getByRole('checkbox', { name: '选择 年报填报提醒' }));
    fireEvent.click(screen.getByTestId('inbox-remove'));
    expect(await screen.findByText(MSG.confirmDelete)).toBeTruthy();
    fireEvent.click(screen.getByTestId('inbox-remove-confirm'));
    await waitFor(() => expect(server.last('POST', `${UM}/remove`)?.params).toEqual({ ids: '2' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(MSG.removed));
  });

  it('goes back to the first page when a message arrives', async () => {
    const server = serve();
    renderScreen(<MyMessagesPage />);
    await screen.findByRole('button', { name: '年报填报提醒' });
    const asked = server.calls.filter((c) => c.url === `${UM}/sampleList`).length;
    emit('msg.received', { id: '3', sendId: 's3', title: '新通知' });
    await waitFor(() => expect(server.calls.filter((c) => c.url === `${UM}/sampleList`).length).toBeGreaterThan(asked));
    expect(server.last('GET', `${UM}/sampleList`)?.params).toMatchObject({ current: 1 });
  });
});
