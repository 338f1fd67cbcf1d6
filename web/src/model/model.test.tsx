import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MODEL_PATHS, type CircleItem, type ScreenSummary } from '@gsl/contract';
import { fakeServer } from '../../test/fakeServer';
import { mockedApi } from '../../test/screens';
import { HttpError } from '../api/http';

vi.mock('../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
// No canvas here: the chart is a labelled box; its figures are the list the page renders beside it.
vi.mock('../pages/portal/cockpit/EChart', () => ({ EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { ModelApp } = await import('./ModelApp');

const open = (hash: string) => {
  window.location.hash = hash;
  return render(<ModelApp />);
};
afterEach(() => {
  window.location.hash = '';
});

const item = (over: Partial<CircleItem>): CircleItem => ({
  key: 'event-1',
  kind: 'event',
  id: '1',
  deptId: '20',
  deptName: '南京市浙江商会',
  chambers: ['南京市浙江商会'],
  title: '召开第三届会员大会',
  content: '选举产生第三届理事会。',
  time: '2026-11-01',
  link: null,
  sourceName: null,
  ...over,
});
const pageOf = (records: CircleItem[], total: number, current = 1) => ({ records, total, size: 10, current, pages: Math.ceil(total / 10) });

describe('商会圈', () => {
  it('shows the feed, pages it, filters by kind and opens an item’s whole text', async () => {
    const news = item({
      key: 'news-7',
      kind: 'news',
      id: '7',
      title: '浙商走进江宁',
      content: '南京市浙江商会组织会员企业考察。',
      time: '2026-11-20 09:30:00',
      link: 'https://example.com/a',
      sourceName: '南京日报',
    });
    const server = fakeServer({
      [`GET ${MODEL_PATHS.circlePage}`]: (c) =>
        c.params?.current === 2 ? pageOf([item({ key: 'event-2', id: '2', title: '第二页的大事记' })], 11, 2) : pageOf([news, item({})], 11),
    });
    open('#/newPortal/cocCircle');
    expect(await screen.findByRole('heading', { name: '商会圈' })).toBeTruthy();
    const list = await screen.findByTestId('circle-list');
    expect(within(list).getAllByTestId('circle-item')).toHaveLength(2);
    expect(screen.getByText('共 11 条')).toBeTruthy();
    expect(document.title).toBe('商会圈 - 工商联');

    // an item is a button: it opens its whole text, its chamber, its source and the original
    fireEvent.click(within(list).getByText('浙商走进江宁'));
    const detail = await screen.findByTestId('circle-detail');
    expect(within(detail).getByText('南京市浙江商会组织会员企业考察。')).toBeTruthy();
    expect(within(detail).getByText('来源:南京日报')).toBeTruthy();
    expect(within(detail).getByRole('link', { name: '查看原文' }).getAttribute('href')).toBe('https://example.com/a');
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));

    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('第二页的大事记')).toBeTruthy();
    expect(server.last('GET', MODEL_PATHS.circlePage)?.params).toMatchObject({ current: 2, size: 10 });

    fireEvent.click(screen.getByRole('radio', { name: '新闻' }));
    await waitFor(() => expect(server.last('GET', MODEL_PATHS.circlePage)?.params).toMatchObject({ kind: 'news', current: 1 }));
  });

  it('says when there is nothing, and when the feed could not be read (with a retry)', async () => {
    let fail = true;
    fakeServer({
      [`GET ${MODEL_PATHS.circlePage}`]: () => {
        if (fail) throw new HttpError('请求未授权', 401);
        return pageOf([], 0);
      },
    });
    open('#/newPortal/cocCircle');
    expect(await screen.findByText('商会动态加载失败')).toBeTruthy();
    expect(screen.getByText('登录已失效,请在门户重新登录后再打开本页')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无商会动态')).toBeTruthy();
  });
});

const SUMMARY: ScreenSummary = {
  deptId: '20',
  deptName: '南京市浙江商会',
  deptCategory: 2,
  generatedAt: '2026-11-27 09:00:00',
  members: { total: 9, enterprise: 6, group: 1, person: 2 },
  byIndustry: [
    { key: '批发和零售业', name: '批发和零售业', value: 4 },
    { key: '', name: '未填写', value: 2 },
  ],
  byJoinYear: [{ key: '2021', name: '2021年', value: 9 }],
  leaders: { year: 2021, records: [{ id: '1', rank: 1, leaderTypeName: '会长', name: '王建国', post: '会长', company: '浙江建工集团' }] },
  fillin: { status: 0, statusName: '未填报', periodName: null, standing: 0, executive: 0, representative: 0, total: 0, submitTime: null },
  events: [{ id: '3', eventDate: '2026-10-01', title: '商会成立十周年', content: null }],
};

describe('商会大屏', () => {
  it('shows the chamber’s members, charts with their figures, team, fill-in and 大事记; full screen on demand', async () => {
    const server = fakeServer({ [`GET ${MODEL_PATHS.screenSummary}`]: () => SUMMARY });
    const requestFullscreen = vi.fn(async function (this: HTMLElement) {
      Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: this });
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    HTMLElement.prototype.requestFullscreen = requestFullscreen;
    open('#/subapp/coc-large-screen?deptId=20');
    expect(await screen.findByRole('heading', { name: '南京市浙江商会 · 商会大屏' })).toBeTruthy();
    expect(server.last('GET', MODEL_PATHS.screenSummary)?.params).toEqual({ deptId: '20' });
    expect(screen.getByTestId('coc-screen-total').getAttribute('data-value')).toBe('9');
    expect(screen.getByRole('img', { name: '企业会员行业分布:批发和零售业 4,未填写 2' })).toBeTruthy();
    expect(screen.getByTestId('coc-screen-industry-none').textContent).toBe('未填写:2');
    expect(screen.getByRole('heading', { name: '领导班子(2021年)' })).toBeTruthy();
    expect(screen.getByRole('cell', { name: '王建国' })).toBeTruthy();
    expect(screen.getByTestId('coc-screen-fill-status').textContent).toBe('未填报');
    expect(screen.getByText('商会成立十周年')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /全屏/ }));
    });
    expect(requestFullscreen).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: /退出全屏/ })).toBeTruthy();
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
  });

  it('says so when the figures cannot be read, and when a panel has nothing', async () => {
    let fail = true;
    fakeServer({
      [`GET ${MODEL_PATHS.screenSummary}`]: () => {
        if (fail) throw new HttpError('数据不存在', 404);
        return { ...SUMMARY, byIndustry: [], leaders: { year: null, records: [] }, fillin: null, events: [] };
      },
    });
    open('#/subapp/coc-large-screen');
    expect(await screen.findByText('商会大屏数据加载失败')).toBeTruthy();
    expect(screen.getByText('数据不存在')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂未设置领导班子')).toBeTruthy();
    expect(within(screen.getByTestId('coc-screen-industry')).getAllByText('暂无数据').length).toBeGreaterThan(0);
    expect(within(screen.getByTestId('coc-screen-industry')).queryByRole('img', { name: /企业会员行业分布/ })).toBeNull();
    expect(screen.getByText('本组织无需填报')).toBeTruthy();
    expect(screen.getByText('暂无大事记')).toBeTruthy();
  });

  it('answers the share page (no code: the link is invalid) and 404 for unknown ones', async () => {
    open('#/subapp/static/share');
    expect(await screen.findByText('分享链接无效或已过期')).toBeTruthy();
    cleanup();
    open('#/subapp/static/nothing');
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeTruthy();
  });

  it('says when the jurisdiction parameter cannot be read, and shows the page anyway (the server decides what is seen)', async () => {
    open('#/subapp/static/share?jurisdiction=%25%25%25');
    expect((await screen.findByTestId('model-jurisdiction-invalid')).textContent).toContain('jurisdiction 参数无法识别');
    expect(await screen.findByText('分享链接无效或已过期')).toBeTruthy();
    cleanup();
    open(`#/subapp/static/share?jurisdiction=${encodeURIComponent(btoa('{"deptId":"7"}'))}`);
    expect(await screen.findByText('分享链接无效或已过期')).toBeTruthy();
    expect(screen.queryByTestId('model-jurisdiction-invalid')).toBeNull();
  });
});
