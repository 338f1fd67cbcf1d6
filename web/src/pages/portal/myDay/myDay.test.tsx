import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@gsl/contract';
import { fakeServer, type Call } from '../../../../test/fakeServer';
import { tokenAnswer } from '../../../../test/fixtures';
import { mockedApi, page, renderScreen } from '../../../../test/screens';
import { saveTokenAnswer } from '../../../utils/sessionStore';
import { dayOf } from './myDayLogic';
import { emit, resetLiveEvents } from '../../../../test/liveEvents';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

vi.mock('../../../utils/liveEvents', () => import('../../../../test/liveEvents'));

const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: MyDayPage } = await import('./index');

const TODAY = dayOf(new Date());
const UNREAD = { key: 'msg.unread', title: '未读消息', count: 2, path: '/portal/myDay/bigmsg', latestTime: '2026-11-25 09:30:00' };
const REVIEW = { key: 'profile.annual-review', title: '待审核的年报', count: 4, path: '/portal/database/orgprofile', latestTime: null };
const notice = (id: string, title: string, isRead: number) => ({
  id,
  sendId: `s${id}`,
  title,
  content: '请按时报送。',
  sendCode: 'notice',
  senderName: '周立新',
  senderDeptName: '江苏省工商联',
  isRead,
  readTime: null,
  createTime: '2026-11-25 09:30:00',
  attachments: [],
});
const RELEASE = {
  id: '7',
  versionNo: '1.4.0',
  title: '我的一天上线',
  content: '待办汇总\n记事本',
  updateType: 1,
  updateTypeName: '新功能',
  publishTime: '2026-11-20 08:00:00',
  version: 1,
};

function serve(state: { pending: unknown[]; notes: unknown[]; box: ReturnType<typeof notice>[]; releases: unknown[]; pendingFails?: boolean }) {
  return fakeServer({
    'GET /api/aoc-service/my-day/pending': () => {
      if (state.pendingFails) throw new Error('boom');
      return state.pending;
    },
    'GET /api/aoc-service/notepad/list': () => page(state.notes),
    'POST /api/aoc-service/notepad/submit': (c: Call) => {
      state.notes = [{ id: '50', ...(c.body as object), createTime: null, updateTime: null, version: 1 }, ...state.notes];
      return { msg: MSG.added, data: state.notes[0] };
    },
    'GET /api/blade-user/message/sampleList': () => page(state.box),
    'POST /api/blade-user/message/updateIsReadbyId': (c: Call) => {
      state.box = state.box.map((m) => (m.id === c.params?.id ? { ...m, isRead: 1 } : m));
      return { msg: MSG.ok, data: null };
    },
    'POST /api/blade-system/versionupdatelog/page': () => page(state.releases),
    'GET /api/aoc-service/portal/deptInfo/detail': () => ({
      id: '2',
      deptId: '2',
      deptName: '南京市工商联',
      orgName: '南京市工商业联合会',
      chamberName: '',
      regionLevel: 2,
      deptCategory: 1,
      unionId: null,
    }),
  });
}

beforeEach(() => {
  resetLiveEvents();
  localStorage.clear();
  saveTokenAnswer(tokenAnswer(1, { real_name: '陈思远' }));
  vi.mocked(toast.success).mockReset();
});

describe('我的一天', () => {
  it('greets the user with the org, lists each to-do with its count and where it is done, the notices, notes and newest release', async () => {
    const server = serve({
      pending: [UNREAD, REVIEW],
      notes: [{ id: '9', content: '汇总推荐名单', remindDate: TODAY, createTime: null, updateTime: null, version: 1 }],
      box: [notice('1', '关于报送年报的通知', 0), notice('2', '座谈会邀请', 1)],
      releases: [RELEASE],
    });
    renderScreen(<MyDayPage />);
    expect((await screen.findByTestId('myday-greeting')).textContent).toContain('陈思远');
    expect(await screen.findByTestId('myday-org')).toHaveProperty('textContent', '南京市工商联 · ');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toMatch(/好，陈思远$/);
    expect(screen.getByRole('heading', { level: 2, name: '待办' })).toBeTruthy();

    const review = await screen.findByTestId('myday-todo-profile.annual-review');
    expect(review.getAttribute('href')).toBe('/portal/database/orgprofile');
    expect(review.getAttribute('aria-label')).toBe('待审核的年报 4 项');
    expect(screen.getByTestId('myday-todo-msg.unread').getAttribute('href')).toBe('/portal/myDay/bigmsg');
    expect(screen.getByTestId('myday-todo-count-msg.unread').textContent).toBe('2');
    expect((await screen.findByTestId('myday-summary')).textContent).toContain('您有 6 项待办');

    // Today's notes: asked for by today's reminder date.
    await within(screen.getByTestId('myday-notes')).findByText('汇总推荐名单');
    expect(server.last('GET', '/api/aoc-service/notepad/list')?.params).toMatchObject({ remindDate: TODAY, current: 1 });

    // The newest notices, newest first, the unread marked in words.
    const unread = await screen.findByTestId('myday-notice-1');
    expect(within(unread).getByText('未读')).toBeTruthy();
    expect(within(screen.getByTestId('myday-notice-2')).getByText('已读')).toBeTruthy();
    expect(server.last('GET', '/api/blade-user/message/sampleList')?.params).toMatchObject({ current: 1, size: 5, descs: 'createTime' });

    await within(screen.getByTestId('myday-version')).findByText('我的一天上线');
    expect(screen.getByTestId('myday-version-all').getAttribute('href')).toBe('/portal/myDay/versionList');
    const shortcuts = within(screen.getByTestId('myday-shortcuts'));
    for (const name of ['内部直通车', '工商联直通车', '商会直通车', '企业直通车', '记事本', '消息']) expect(shortcuts.getByRole('link', { name })).toBeTruthy();
  });

  it('says an empty day is empty', async () => {
    serve({ pending: [], notes: [], box: [], releases: [] });
    renderScreen(<MyDayPage />);
    expect((await screen.findByTestId('myday-pending-empty')).textContent).toContain('今日暂无待办');
    expect((await screen.findByTestId('myday-summary')).textContent).toContain('今日暂无待办');
    expect(await screen.findByTestId('myday-notices-empty')).toBeTruthy();
    expect(await screen.findByTestId('myday-notes-empty')).toBeTruthy();
  });

  it('shows a failed to-do list with 重新加载, which loads it again', async () => {
    const state = { pending: [UNREAD], notes: [], box: [], releases: [], pendingFails: true };
    serve(state);
    renderScreen(<MyDayPage />);
    const error = await screen.findByTestId('myday-pending-error');
    state.pendingFails = false;
    fireEvent.click(within(error).getByRole('button', { name: /重新加载/ }));
    expect(await screen.findByTestId('myday-todo-msg.unread')).toBeTruthy();
  });

  it('asks for the to-dos again when a notice arrives or is read, and after reading one here', async () => {
    const state = { pending: [UNREAD] as unknown[], notes: [], box: [notice('1', '关于报送年报的通知', 0)], releases: [] };
    const server = serve(state);
    renderScreen(<MyDayPage />);
    await screen.findByTestId('myday-todo-msg.unread');
    const asked = () => server.calls.filter((c) => c.url === '/api/aoc-service/my-day/pending').length;
    const before = asked();

    state.pending = [{ ...UNREAD, count: 3 }];
    emit('msg.received', { id: '9', title: '新通知' });
    await waitFor(() => expect(screen.getByTestId('myday-todo-count-msg.unread').textContent).toBe('3'));
    expect(asked()).toBe(before + 1);

    // 标为已读 here: the notice is read and the to-dos are asked for again.
    state.pending = [];
    fireEvent.click(await screen.findByTestId('myday-notice-read-1'));
    await waitFor(() => expect(server.last('POST', '/api/blade-user/message/updateIsReadbyId')?.params).toEqual({ id: '1' }));
    expect(await screen.findByTestId('myday-pending-empty')).toBeTruthy();

    state.pending = [{ key: 'chat.unread', title: '未读对话', count: 1, path: '/portal/myDay/connectInside', latestTime: null }];
    emit('chat.message', { id: '3' });
    expect(await screen.findByTestId('myday-todo-chat.unread')).toBeTruthy();
  });

  it('adds a note for today from the card, refusing an empty one with 请输入记事内容', async () => {
    const server = serve({ pending: [], notes: [], box: [], releases: [] });
    renderScreen(<MyDayPage />);
    await screen.findByTestId('myday-notes-empty');
    fireEvent.click(screen.getByTestId('myday-note-add'));
    expect(await screen.findByText('请输入记事内容')).toBeTruthy();
    expect(server.last('POST', '/api/aoc-service/notepad/submit')).toBeUndefined();

    fireEvent.change(screen.getByLabelText('今日记事内容'), { target: { value: '  给商会打电话  ' } });
    fireEvent.click(screen.getByTestId('myday-note-add'));
    await waitFor(() => expect(server.last('POST', '/api/aoc-service/notepad/submit')?.body).toEqual({ content: '给商会打电话', remindDate: TODAY }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
    await within(screen.getByTestId('myday-notes')).findByText('给商会打电话');
  });
});
