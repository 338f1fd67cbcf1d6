import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHAT_MSG, type ChatMessageView } from '@gsl/contract';
import { fakeServer, type Call } from '../../../../../test/fakeServer';
import { mockedApi, page, renderScreen } from '../../../../../test/screens';
import { emit, resetLiveEvents } from '../../../../../test/liveEvents';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

vi.mock('../../../../utils/liveEvents', () => import('../../../../../test/liveEvents'));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { DirectLine } = await import('./DirectLine');
const { ChatBell } = await import('../../../../app/shell/ChatBell');

const TT = '/api/aoc-service/through-train';
const CHAT = '/api/aoc-service/chat';
const ME = '7';
const person = (id: string, name: string, unread = 0) => ({
  id,
  userId: id,
  name,
  deptId: '5',
  deptName: '南京市工商联',
  enterpriseName: null,
  phone: null,
  unread,
  lastTime: unread ? '2026-03-02 09:30:00' : null,
});
const message = (id: string, from: string, content: string, isRead = 0): ChatMessageView => ({
  id,
  fromUserId: from,
  toUserId: from === ME ? '21' : ME,
  fromMe: from === ME,
  content,
  createTime: '2026-03-02 09:30:00',
  isRead,
  readTime: null,
});

let history: ChatMessageView[];
let unread: number;
function serve() {
  return fakeServer({
    [`GET ${TT}/status`]: () => ({
      unread,
      lines: [
        { type: 'inside', name: '内部直通车', path: '/portal/myDay/connectInside', applies: true, unread },
        { type: 'fic', name: '工商联直通车', path: '/portal/myDay/connectFIC', applies: true, unread: 0 },
        { type: 'coc', name: '商会直通车', path: '/portal/myDay/connectCOC', applies: true, unread: 0 },
        { type: 'mem', name: '企业直通车', path: '/portal/myDay/connectMem', applies: true, unread: 0 },
      ],
    }),
    [`GET ${TT}/user/list`]: () => page([person('21', '王敏', unread), person('22', '李强')]),
    [`GET ${TT}/mem/list`]: () =>
      page([
        { ...person('301', '张三'), userId: '31', enterpriseName: '南京华泰新材料科技有限公司', phone: '139****0001' },
        { ...person('302', '李四'), userId: null, enterpriseName: '南京远景物流有限公司', phone: '139****0002' },
      ]),
    'GET /api/aoc-service/contact/list': () => page([]),
    'POST /api/aoc-service/contact/add': (c: Call) => ({ msg: '新增成功', data: { id: '1', recipientId: (c.body as { recipientId: string }).recipientId } }),
    [`GET ${CHAT}/record`]: (c: Call) => page(c.params?.before ? [] : [...history].reverse()),
    [`POST ${CHAT}/read`]: () => {
      history = history.map((m) => ({ ...m, isRead: 1 }));
      unread = 0;
      return { msg: '操作成功', data: { contactId: '21', unread: 0, total: 0, read: 1 } };
    },
    [`POST ${CHAT}/send`]: (c: Call) => {
      const m = message(String(100 + history.length), ME, (c.body as { content: string }).content.trim());
      history.push(m);
      return { msg: CHAT_MSG.sent, data: m };
    },
  });
}

beforeEach(() => {
  resetLiveEvents();
  history = [message('11', '21', '材料收到了吗?')];
  unread = 1;
});

describe('a direct line', () => {
  it('opens a colleague from the list, marks what is shown read, and sends with Enter (Shift+Enter is a new line)', async () => {
    const server = serve();
    renderScreen(<DirectLine line="inside" />);
    const list = await screen.findByRole('list', { name: '内部直通车通讯录' });
    const wang = within(list).getByRole('button', { name: /王敏/ });
    expect(wang.textContent).toContain('1条未读');
    fireEvent.click(wang);
    expect(server.last('POST', '/api/aoc-service/contact/add')?.body).toEqual({ type: 'inside', recipientId: '21' });

    const conversation = await screen.findByRole('region', { name: '与王敏的对话' });
    expect(await within(conversation).findByText('材料收到了吗?')).toBeTruthy();
    await waitFor(() => expect(server.last('POST', `${CHAT}/read`)?.body).toEqual({ contactId: '21', messageId: '11' }));

    const box = within(conversation).getByLabelText('消息内容');
    fireEvent.change(box, { target: { value: '收到了' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(server.last('POST', `${CHAT}/send`)).toBeUndefined();
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(server.last('POST', `${CHAT}/send`)?.body).toEqual({ toUserId: '21', content: '收到了' }));
    expect(await within(conversation).findByText('收到了')).toBeTruthy();
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('refuses an empty message with the contract’s text, without calling the server', async () => {
    const server = serve();
    renderScreen(<DirectLine line="inside" />);
    fireEvent.click(within(await screen.findByRole('list', { name: '内部直通车通讯录' })).getByRole('button', { name: /李强/ }));
    const conversation = await screen.findByRole('region', { name: '与李强的对话' });
    fireEvent.click(within(conversation).getByRole('button', { name: /发送/ }));
    expect((await within(conversation).findByRole('alert')).textContent).toBe(CHAT_MSG.contentRequired);
    expect(server.last('POST', `${CHAT}/send`)).toBeUndefined();
  });

  it('announces an arriving message and shows it in the open conversation (the shell’s badge keeps the data live)', async () => {
    serve();
    renderScreen(
      <>
        <ChatBell />
        <DirectLine line="inside" />
      </>,
    );
    fireEvent.click(within(await screen.findByRole('list', { name: '内部直通车通讯录' })).getByRole('button', { name: /王敏/ }));
    const conversation = await screen.findByRole('region', { name: '与王敏的对话' });
    await within(conversation).findByText('材料收到了吗?');
    history.push(message('12', '21', '下午三点开会'));
    emit('chat.message', { contactId: '21', messageId: '12', type: 'inside', mine: false, unread: 1, total: 1, lines: { inside: 1, fic: 0, coc: 0, mem: 0 } });
    expect(screen.getByTestId('dl-announce').textContent).toBe('收到王敏的新消息');
    expect(await within(conversation).findByText('下午三点开会')).toBeTruthy();
  });

  it('企业直通车: a contact with an account is a button, one without shows the masked phone and no chat', async () => {
    serve();
    renderScreen(<DirectLine line="mem" />);
    const list = await screen.findByRole('list', { name: '企业直通车通讯录' });
    expect(within(list).getByRole('button', { name: /张三/ })).toBeTruthy();
    const li = within(list).getByTestId('dl-person-302');
    expect(within(li).queryByRole('button')).toBeNull();
    expect(li.textContent).toContain('139****0002');
    expect(li.textContent).toContain('未开通账号');
  });
});

describe('the header badge', () => {
  it('shows the unread total, takes the counts an event carries, and clears when read elsewhere', async () => {
    serve();
    renderScreen(<ChatBell />);
    expect(await screen.findByRole('button', { name: '直通车消息,1条未读' })).toBeTruthy();
    unread = 3;
    emit('chat.message', { contactId: '21', messageId: '12', type: 'inside', mine: false, unread: 3, total: 3, lines: { inside: 3, fic: 0, coc: 0, mem: 0 } });
    expect(await screen.findByRole('button', { name: '直通车消息,3条未读' })).toBeTruthy();
    unread = 0;
    emit('chat.read', { contactId: '21', upTo: '12', byMe: true, unread: 0, total: 0, lines: { inside: 0, fic: 0, coc: 0, mem: 0 } });
    const bell = await screen.findByRole('button', { name: '直通车消息' });
    expect(bell.getAttribute('data-unread')).toBe('0');
  });

  it('reads the count again after a reconnection', async () => {
    const server = serve();
    renderScreen(<ChatBell />);
    await screen.findByRole('button', { name: '直通车消息,1条未读' });
    unread = 4;
    emit('ready', {});
    expect(await screen.findByRole('button', { name: '直通车消息,4条未读' })).toBeTruthy();
    expect(server.calls.filter((c) => c.url === `${TT}/status`).length).toBeGreaterThan(1);
  });
});
