import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../../test/fakeServer';
import { mockedApi, renderScreen } from '../../../test/screens';
import { emit, resetLiveEvents } from '../../../test/liveEvents';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

vi.mock('../../utils/liveEvents', () => import('../../../test/liveEvents'));

await mockedApi();
const { MessageBell } = await import('./MessageBell');

let unread = 2;
beforeEach(() => {
  unread = 2;
  resetLiveEvents();
});

describe('the header bell', () => {
  it('shows the unread count, counts a received message at once and then takes the server’s count', async () => {
    let release: (() => void) | undefined;
    const server = fakeServer({
      'GET /api/blade-user/message/unread-count': () =>
        release === undefined && unread === 2 ? { unread } : new Promise((resolve) => (release = () => resolve({ unread }))),
    });
    renderScreen(<MessageBell />);
    const bell = await screen.findByRole('button', { name: '消息,2条未读' });
    expect(bell.textContent).toContain('2');

    // two more arrived meanwhile: one more at once, then the server's count once it answers
    unread = 4;
    emit('msg.received', { id: '9', sendId: '77', title: '关于召开年度会员大会的通知' });
    expect(await screen.findByRole('button', { name: '消息,3条未读' })).toBeTruthy();
    await waitFor(() => expect(release).toBeDefined());
    expect(server.calls.filter((c) => c.url.endsWith('/unread-count'))).toHaveLength(2);
    release!();
    expect(await screen.findByRole('button', { name: '消息,4条未读' })).toBeTruthy();
  });

  it('takes the count a read on another device sends, and clears to 消息 at zero', async () => {
    fakeServer({ 'GET /api/blade-user/message/unread-count': () => ({ unread }) });
    renderScreen(<MessageBell />);
    await screen.findByRole('button', { name: '消息,2条未读' });
    emit('msg.read', { unread: 1 });
    expect(await screen.findByRole('button', { name: '消息,1条未读' })).toBeTruthy();
    emit('msg.read', { unread: 0 });
    const bell = await screen.findByRole('button', { name: '消息' });
    expect(bell.getAttribute('data-unread')).toBe('0');
  });
});
