import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AI_MSG, AI_STATUS } from '@gsl/contract';
import { page, renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

const stored: Record<string, Array<Record<string, unknown>>> = {};
const conversations: Array<{ id: string; title: string; createTime: string; updateTime: string }> = [];
const api = vi.hoisted(() => ({
  conversations: vi.fn(),
  messages: vi.fn(),
  rename: vi.fn(),
  remove: vi.fn(),
  usage: vi.fn(),
  askStream: vi.fn(),
}));
vi.mock('../../../api/ai', () => ({
  aiKeys: { conversations: ['ai', 'c'], messages: (id: string) => ['ai', 'm', id], usage: ['ai', 'u'] },
  aiApi: { conversations: api.conversations, messages: api.messages, rename: api.rename, remove: api.remove, usage: api.usage },
  askStream: api.askStream,
}));
vi.setConfig({ testTimeout: 60_000 });
const { default: AiDialoguePage } = await import('./index');

api.conversations.mockImplementation(async () => page(conversations));
api.messages.mockImplementation(async (id: string) => stored[id] ?? []);
api.usage.mockResolvedValue({ used: 3, limit: 2000, model: AI_MSG.builtinLabel });

const msg = (id: string, role: string, content: string, status: number = AI_STATUS.done) => ({
  id,
  role,
  content,
  status,
  model: role === 'assistant' ? AI_MSG.builtinLabel : null,
  error: null,
  createTime: '2026-11-27 10:00:00',
});

describe('AI 对话', () => {
  it('streams an answer in, labelled AI生成, and then shows the stored conversation', async () => {
    api.askStream.mockImplementation(async (body: { question: string }, on: (e: string, d: unknown) => void) => {
      on('conversation', { id: '7', title: body.question, questionId: '1', answerId: '2' });
      on('tool', { name: 'count_members', label: '正在统计会员数量' });
      on('delta', { text: '南京市工商联共有' });
      on('delta', { text: '企业会员 **12** 家。' });
      on('done', { answerId: '2', status: AI_STATUS.done });
      conversations.unshift({ id: '7', title: body.question, createTime: '2026-11-27 10:00:00', updateTime: '2026-11-27 10:00:00' });
      stored['7'] = [msg('1', 'user', body.question), msg('2', 'assistant', '南京市工商联共有企业会员 **12** 家。')];
    });
    renderScreen(<AiDialoguePage />);
    expect(await screen.findByText('还没有对话')).toBeTruthy();
    expect((await screen.findByTestId('ai-usage')).textContent).toContain('本单位本月已用 3/2000 次');

    fireEvent.change(screen.getByLabelText('向AI助手提问'), { target: { value: '我们有多少企业会员' } });
    fireEvent.keyDown(screen.getByLabelText('向AI助手提问'), { key: 'Enter' });

    await waitFor(() => expect(api.askStream).toHaveBeenCalledWith({ question: '我们有多少企业会员' }, expect.any(Function), expect.any(AbortSignal)));
    const answer = await screen.findByTestId('ai-answer');
    await waitFor(() => expect(answer.textContent).toContain('南京市工商联共有企业会员 12 家。'));
    expect(within(answer).getByText('AI生成')).toBeTruthy();
    // Markdown is rendered (bold), never as raw text.
    expect(within(answer).getByText('12').tagName).toBe('STRONG');
    expect(await screen.findByTestId('ai-conversation-7')).toBeTruthy();
    expect(screen.getByTestId('ai-conversation-7').getAttribute('aria-current')).toBe('true');
  });

  it('refuses an empty question without asking, and stops an answer on 停止', async () => {
    const { toast } = await import('../../../api/feedback');
    api.askStream.mockReset();
    renderScreen(<AiDialoguePage />);
    fireEvent.click(await screen.findByTestId('ai-send'));
    expect(api.askStream).not.toHaveBeenCalled();

    let signal: AbortSignal | undefined;
    api.askStream.mockImplementation(
      (_b: unknown, on: (e: string, d: unknown) => void, s: AbortSignal) =>
        new Promise<void>((resolve) => {
          signal = s;
          on('delta', { text: '正在' });
          s.addEventListener('abort', () => resolve());
        }),
    );
    fireEvent.change(screen.getByLabelText('向AI助手提问'), { target: { value: '慢一点的问题' } });
    fireEvent.click(screen.getByTestId('ai-send'));
    fireEvent.click(await screen.findByTestId('ai-stop'));
    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.getByTestId('ai-answer').getAttribute('data-status')).toBe(String(AI_STATUS.stopped)));
    expect(screen.getByText(AI_MSG.stopped)).toBeTruthy();
    expect(vi.mocked(toast.error)).not.toHaveBeenCalled();
  });
});
