import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NEWS_MSG, NEWS_PATHS as P, type NewsItemView } from '@gsl/contract';
import { fakeServer, type Call } from '../../../../test/fakeServer';
import { mockedApi, page, renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: NewsPage } = await import('./index');
const { default: MemberNews } = await import('./MemberNews');

const item = (id: string, extra: Partial<NewsItemView> = {}): NewsItemView => ({
  id,
  title: `资讯${id}`,
  link: null,
  summary: `摘要${id}`,
  author: null,
  sourceName: '新华日报',
  infoTime: '2026-11-26 09:00:00',
  createTime: `2026-11-26 10:0${id}:00`,
  isManual: 0,
  keywords: [],
  mentions: [],
  ...extra,
});

describe('新闻 (舆情监测)', () => {
  it('shows today’s and since-last-visit counts, marks what came after the last visit, and records the visit', async () => {
    const server = fakeServer({
      [`GET ${P.countNewAdd}`]: () => ({ count: 1, since: '2026-11-26 10:01:30' }),
      [`GET ${P.todayNewAdd}`]: () => ({ count: 2, since: null }),
      [`POST ${P.visit}`]: () => ({ count: 0, since: '2026-11-26 10:01:30' }),
      [`GET ${P.list}`]: () =>
        page([item('2', { mentions: [{ kind: 'enterprise', refId: '9', name: '南京市浙江科技有限公司' }], keywords: ['民营经济'] }), item('1')]),
    });
    renderScreen(<NewsPage />, ['portal_news']);
    const rows = await screen.findAllByTestId('news-item');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('新')).toBeTruthy();
    expect(within(rows[1]).queryByText('新')).toBeNull();
    expect(within(rows[0]).getByText('南京市浙江科技有限公司')).toBeTruthy();
    expect(within(rows[0]).getByRole('link', { name: '资讯2' }).getAttribute('href')).toBe('/portal/real-time-info2?id=2');
    await waitFor(() => expect(server.last('POST', P.visit)).toBeTruthy());
    expect(within(screen.getByTestId('news-today')).getByText('2')).toBeTruthy();
    // Without the grant there is no 手工录入 and no 删除.
    expect(screen.queryByTestId('news-add')).toBeNull();
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
  });

  it('searches from page 1 and says when nothing matches', async () => {
    const server = fakeServer({
      [`GET ${P.countNewAdd}`]: () => ({ count: 0, since: null }),
      [`GET ${P.todayNewAdd}`]: () => ({ count: 0, since: null }),
      [`POST ${P.visit}`]: () => ({ count: 0, since: null }),
      [`GET ${P.list}`]: (c: Call) => page(c.params?.keyword ? [] : [item('1')]),
    });
    renderScreen(<NewsPage />, ['portal_news']);
    await screen.findByTestId('news-item');
    fireEvent.change(screen.getByTestId('news-search-keyword'), { target: { value: '换届' } });
    fireEvent.click(screen.getByTestId('news-search'));
    expect(await screen.findByText('没有找到相关资讯')).toBeTruthy();
    expect(server.last('GET', P.list)?.params).toMatchObject({ keyword: '换届', current: 1 });
  });

  it('enters an item by hand once its title and body are given', async () => {
    const server = fakeServer({
      [`GET ${P.countNewAdd}`]: () => ({ count: 0, since: null }),
      [`GET ${P.todayNewAdd}`]: () => ({ count: 0, since: null }),
      [`POST ${P.visit}`]: () => ({ count: 0, since: null }),
      [`GET ${P.list}`]: () => page([]),
      [`POST ${P.submit}`]: (c: Call) => ({ msg: '新增成功', data: item('5', c.body as Partial<NewsItemView>) }),
    });
    renderScreen(<NewsPage />, ['portal_news', 'portal_news_add']);
    expect(await screen.findByText('暂无资讯')).toBeTruthy();
    fireEvent.click(screen.getByTestId('news-add'));
    const dialog = await screen.findByTestId('news-manual-dialog');
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(NEWS_MSG.titleRequired)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('标题'), { target: { value: '走访会员企业' } });
    fireEvent.change(within(dialog).getByLabelText('正文'), { target: { value: '市工商联走访会员企业。' } });
    fireEvent.click(within(document.body).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(server.last('POST', P.submit)?.body).toMatchObject({ title: '走访会员企业', content: '市工商联走访会员企业。', link: null }));
  });
});

describe('相关新闻 in a member’s detail', () => {
  it('lists the items naming the member, or says there are none', async () => {
    const server = fakeServer({ [`GET ${P.memberList}`]: (c: Call) => page(c.params?.memberId === '9' ? [item('3')] : []) });
    renderScreen(<MemberNews kind="enterprise" memberId="9" />, ['portal_news']);
    expect(await screen.findByRole('link', { name: '资讯3' })).toBeTruthy();
    expect(server.last('GET', P.memberList)?.params).toMatchObject({ kind: 'enterprise', memberId: '9' });
  });
});
