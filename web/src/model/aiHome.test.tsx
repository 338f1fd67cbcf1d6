import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_HOMEPAGE_PATHS as P, HOMEPAGE_MSG, STALE_VERSION_MSG, type AiHomepage } from '@gsl/contract';
import { fakeServer } from '../../test/fakeServer';
import { mockedApi, renderScreen } from '../../test/screens';
import { HttpError } from '../api/http';

vi.mock('../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { ModelApp } = await import('./ModelApp');
const { default: MyOrgAiHome } = await import('../pages/portal/myOrg/aiHome');

const open = (hash: string) => {
  window.location.hash = hash;
  return render(<ModelApp />);
};
afterEach(() => {
  window.location.hash = '';
});

const page = (over: Partial<AiHomepage> = {}): AiHomepage => ({
  deptId: '77',
  orgName: '南京市浙江商会',
  type: 'coc',
  typeName: '商会',
  parentName: '南京市工商联',
  regionName: '江苏省 / 南京市',
  canEdit: true,
  id: null,
  version: 0,
  published: false,
  publishedBy: null,
  publishTime: null,
  lines: [
    { text: '南京市浙江商会位于江苏省南京市,是南京市工商联所属的商会。', sources: ['name', 'regionCode', 'parentName'] },
    { text: '现任领导班子:会长周立新。', sources: ['leaders'] },
  ],
  changedSincePublish: true,
  fieldLabels: { name: '组织名称', regionCode: '所在地区', parentName: '上级组织', leaders: '领导班子' },
  aiGenerated: true,
  generator: { aiGenerated: true, method: 'template', model: '内置主页模板', generatedAt: '2026-11-27 10:00:00' },
  leaders: [{ name: '周立新', post: '会长', year: 2025 }],
  figures: { staffCount: 3, federationCount: 0, chamberCount: 0, associationCount: 0, memberCount: { total: 4, enterprise: 2, group: 0, person: 2 } },
  news: [{ id: '1', title: '南京市浙江商会召开年会', infoTime: '2026-11-20 09:00:00', sourceName: '南京日报', link: 'https://news.example.cn/1' }],
  contact: { contactPerson: '联络处', contactPhone: '025-84001234', email: 'zjsh@example.cn', address: null, website: null, fax: null },
  updateTime: null,
  viewerName: '方海涛',
  ...over,
});

describe('AI 主页', () => {
  it('shows the org’s page — introduction labelled AI生成 with its sources, leadership, figures, news, contact — and saves and publishes', async () => {
    let current = page();
    const server = fakeServer({
      [`GET ${P.detail}`]: () => current,
      [`POST ${P.save}`]: (c) => {
        const b = c.body as { lines: AiHomepage['lines']; version: number };
        current = page({ id: '5', lines: b.lines, version: b.version + 1 });
        return { data: current, msg: HOMEPAGE_MSG.saved };
      },
      [`POST ${P.publish}`]: (c) => {
        current = {
          ...current,
          published: true,
          changedSincePublish: false,
          version: (c.body as { version: number }).version + 1,
          publishedBy: '方海涛',
          publishTime: '2026-11-27 10:05:00',
        };
        return { data: current, msg: HOMEPAGE_MSG.published };
      },
    });
    open('#/ai-homepage-coc?cocId=77');
    expect(await screen.findByRole('heading', { level: 1, name: '南京市浙江商会' })).toBeTruthy();
    expect(server.last('GET', P.detail)?.params).toEqual({ deptId: '77', type: 'coc' });
    expect(screen.getByTestId('ai-mark').textContent).toBe('AI生成');
    expect(screen.getByRole('main')).toBeTruthy();
    for (const h of ['组织简介', '领导班子', '会员数据', '最新动态', '联系方式']) expect(screen.getByRole('heading', { level: 2, name: h })).toBeTruthy();
    const first = screen.getByLabelText('简介第1句') as HTMLTextAreaElement;
    expect(first.value).toBe('南京市浙江商会位于江苏省南京市,是南京市工商联所属的商会。');
    expect(screen.getByText('来源:组织名称、所在地区、上级组织')).toBeTruthy();
    expect(within(screen.getByTestId('aihome-section-leaders')).getByText('周立新')).toBeTruthy();
    expect(within(screen.getByTestId('aihome-section-figures')).getByText('4 个')).toBeTruthy();
    expect(screen.getByRole('link', { name: '南京市浙江商会召开年会' }).getAttribute('href')).toBe('https://news.example.cn/1');
    expect(within(screen.getByTestId('aihome-section-contact')).getByText('025-84001234')).toBeTruthy();
    expect(screen.getByTestId('aihome-status').textContent).toContain('未发布');

    // 保存 is off until something changes; then it saves at the version read.
    expect(screen.getByTestId('aihome-save').hasAttribute('disabled')).toBe(true);
    fireEvent.change(first, { target: { value: '南京市浙江商会是在宁浙商的家园。' } });
    expect(screen.getByTestId('aihome-status').textContent).toContain('有未保存的修改');
    fireEvent.click(screen.getByTestId('aihome-save'));
    expect(await screen.findByText(HOMEPAGE_MSG.saved)).toBeTruthy();
    expect(server.last('POST', P.save)?.body).toEqual({
      deptId: '77',
      version: 0,
      lines: [{ text: '南京市浙江商会是在宁浙商的家园。', sources: ['name', 'regionCode', 'parentName'] }, page().lines[1]],
      method: 'template',
    });

    // A blank sentence is refused in place.
    fireEvent.change(screen.getByLabelText('简介第2句'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('aihome-save'));
    expect(await screen.findByText(HOMEPAGE_MSG.lineRequired)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '删除简介第2句' }));
    expect(screen.queryByLabelText('简介第2句')).toBeNull();

    // 发布 asks first; it saves the change, then publishes at the new version.
    fireEvent.click(screen.getByTestId('aihome-publish'));
    expect(await screen.findByText('确认发布AI主页?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认发布' }));
    expect(await screen.findByText(HOMEPAGE_MSG.published)).toBeTruthy();
    expect(server.last('POST', P.publish)?.body).toEqual({ deptId: '77', version: 2 });
    await waitFor(() => expect(screen.getByTestId('aihome-status').textContent).toContain('已发布(方海涛,2026-11-27 10:05:00)'));
    expect(screen.getByTestId('aihome-unpublish')).toBeTruthy();
  });

  it('is read-only for a reader and with noEdit, and says what went wrong', async () => {
    fakeServer({ [`GET ${P.detail}`]: () => page({ canEdit: false, published: true, publishedBy: '陈思远', publishTime: '2026-11-27 10:05:00' }) });
    const view = open('#/ai-homepage-coc?deptId=77');
    expect(await screen.findByText('现任领导班子:会长周立新。')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByTestId('aihome-save')).toBeNull();
    expect(screen.queryByTestId('aihome-publish')).toBeNull();
    view.unmount();

    fakeServer({ [`GET ${P.detail}`]: () => page() });
    const ro = open('#/ai-homepage-coc?deptId=77&noEdit=true');
    expect(await screen.findByText('现任领导班子:会长周立新。')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    ro.unmount();

    fakeServer({
      [`GET ${P.detail}`]: () => {
        throw new HttpError('数据不存在或无权访问', 404);
      },
    });
    const failed = open('#/ai-homepage-aoc?deptId=99');
    expect(await screen.findByText('AI主页加载失败')).toBeTruthy();
    expect(screen.getByText('数据不存在或无权访问')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeTruthy();
    failed.unmount();

    // Another type is no page.
    open('#/ai-homepage-xyz');
    expect(await screen.findByText('404')).toBeTruthy();
  });

  it('says so in place when the page changed meanwhile (version conflict)', async () => {
    fakeServer({
      [`GET ${P.detail}`]: () => page({ version: 3, id: '5' }),
      [`POST ${P.save}`]: () => {
        throw new HttpError(STALE_VERSION_MSG, 400);
      },
    });
    open('#/ai-homepage-coc');
    fireEvent.change(await screen.findByLabelText('简介第1句'), { target: { value: '改写' } });
    fireEvent.click(screen.getByTestId('aihome-save'));
    expect(await screen.findByText(STALE_VERSION_MSG)).toBeTruthy();
  });

  it('is 我的组织’s AI主页: the own org’s page under the screen’s heading, with 预览 opening the /model page', async () => {
    const server = fakeServer({ [`GET ${P.detail}`]: () => page() });
    renderScreen(<MyOrgAiHome />, ['portal_myorg']);
    expect(await screen.findByRole('heading', { level: 2, name: 'AI主页' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 3, name: '南京市浙江商会' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: '组织简介' })).toBeTruthy();
    expect(server.last('GET', P.detail)?.params).toEqual({});
    const preview = screen.getByTestId('aihome-preview');
    expect(preview.getAttribute('href')).toMatch(/\/model\/#\/ai-homepage-coc\?deptId=77&noEdit=true$/);
    expect(preview.getAttribute('target')).toBe('_blank');
  });
});
