import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPPORT_MSG } from '@gsl/contract';
import { fakeServer, type Call } from '../../../../test/fakeServer';
import { mockedApi, page, renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: CasesPage } = await import('./index');
const { default: SuggestionAdminPage } = await import('../../system/suggestion/index');
const { default: QuestionsDetailPage } = await import('./questionsDetail/index');

const Q = '/api/mem-service/aiproblembase';
const S = '/api/aoc-service/suggestion';
const question = (i: number) => ({ id: String(i), question: `问题${i}?`, answer: `解答${i}`, category: '登录', sort: i, updateTime: null, version: 1 });
const SUGGESTION = {
  id: '21',
  content: '希望增加导出',
  contactInformation: '13900001111',
  attachLink: null,
  attachName: null,
  userName: '南京商会',
  deptName: '南京市浙江商会',
  status: 0,
  statusName: '待回复',
  reply: null,
  replyUserName: null,
  replyTime: null,
  createTime: '2026-11-25 09:00:00',
};

beforeEach(() => vi.mocked(toast.success).mockReset());

describe('客服中心', () => {
  it('shows the contacts and six questions, and sends a suggestion after checking it', async () => {
    const server = fakeServer({
      'GET /api/blade-system/customer/detail': () => ({
        name: '省工商联客服',
        phone: '025-12345678',
        email: null,
        serviceTime: '工作日 9:00-17:00',
        address: null,
      }),
      [`GET ${Q}/random/six`]: () => [1, 2, 3, 4, 5, 6].map(question),
      [`GET ${S}/my`]: () => page([]),
      [`POST ${S}/submit`]: (c: Call) => ({ msg: SUPPORT_MSG.sent, data: { ...SUGGESTION, ...(c.body as object) } }),
    });
    renderScreen(<CasesPage />, []);
    expect(await screen.findByText('025-12345678')).toBeTruthy();
    const six = await screen.findByTestId('six-questions');
    expect(within(six).getAllByRole('link')).toHaveLength(6);
    expect(within(six).getByText('问题1?').closest('a')?.getAttribute('href')).toBe('/portal/cases/questionsDetail?id=1');
    expect(await screen.findByText('您还没有提交过意见建议')).toBeTruthy();

    fireEvent.click(screen.getByTestId('suggestion-submit'));
    expect(await screen.findByText(SUPPORT_MSG.contentRequired)).toBeTruthy();
    fireEvent.change(screen.getByTestId('suggestion-content'), { target: { value: '希望增加导出' } });
    fireEvent.change(screen.getByTestId('suggestion-contact'), { target: { value: '13900001111' } });
    fireEvent.click(screen.getByTestId('suggestion-submit'));
    await waitFor(() =>
      expect(server.last('POST', `${S}/submit`)?.body).toEqual({ content: '希望增加导出', contactInformation: '13900001111', attachment: '' }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SUPPORT_MSG.sent));
  });

  it('says so when nothing is set up, and when the questions cannot load', async () => {
    fakeServer({
      'GET /api/blade-system/customer/detail': () => ({ name: null, phone: null, email: null, serviceTime: null, address: null }),
      [`GET ${Q}/random/six`]: () => {
        throw new Error('down');
      },
      [`GET ${S}/my`]: () => page([]),
    });
    renderScreen(<CasesPage />, []);
    expect(await screen.findByText('暂未设置客服联系方式')).toBeTruthy();
    expect(await screen.findByText('常见问题加载失败')).toBeTruthy();
  });
});

describe('常见问题', () => {
  it('searches the questions and opens one’s answer', async () => {
    const server = fakeServer({
      [`GET ${Q}/list`]: (c: Call) => page(c.params?.keyword ? [question(2)] : [question(1), question(2)]),
      [`GET ${Q}/detail`]: (c: Call) => question(Number(c.params?.id)),
    });
    renderScreen(<QuestionsDetailPage />, []);
    expect(await screen.findByText('请在左侧选择一个问题查看解答')).toBeTruthy();
    const list = await screen.findByTestId('question-list');
    expect(within(list).getAllByRole('button')).toHaveLength(2);
    const search = within(screen.getByTestId('question-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: '问题2' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(server.last('GET', `${Q}/list`)?.params).toMatchObject({ keyword: '问题2', current: 1 }));
    await waitFor(() => expect(within(screen.getByTestId('question-list')).getAllByRole('button')).toHaveLength(1));
    fireEvent.click(within(screen.getByTestId('question-list')).getByRole('button', { name: '问题2?' }));
    expect(await within(await screen.findByTestId('question-detail')).findByText('解答2')).toBeTruthy();
  });
});

describe('意见建议 (administrators)', () => {
  it('replies to a new suggestion only with the 回复 button, and sends the reply', async () => {
    const server = fakeServer({
      [`GET ${S}/page`]: () => page([SUGGESTION]),
      [`POST ${S}/reply`]: (c: Call) => ({ msg: SUPPORT_MSG.replied, data: { ...SUGGESTION, status: 1, reply: (c.body as { reply: string }).reply } }),
    });
    const view = renderScreen(<SuggestionAdminPage />, []);
    expect(await screen.findByText('希望增加导出')).toBeTruthy();
    expect(screen.queryByTestId('suggestion-reply-21')).toBeNull();
    view.unmount();

    renderScreen(<SuggestionAdminPage />, ['support_suggestion', 'support_suggestion_reply']);
    fireEvent.click(await screen.findByTestId('suggestion-reply-21'));
    const box = await screen.findByTestId('suggestion-reply');
    fireEvent.click(screen.getByRole('button', { name: '发送回复' }));
    expect(await screen.findByText(SUPPORT_MSG.replyRequired)).toBeTruthy();
    fireEvent.change(box, { target: { value: '已列入计划' } });
    fireEvent.click(screen.getByRole('button', { name: '发送回复' }));
    await waitFor(() => expect(server.last('POST', `${S}/reply`)?.body).toEqual({ id: '21', reply: '已列入计划' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(SUPPORT_MSG.replied));
  });
});
