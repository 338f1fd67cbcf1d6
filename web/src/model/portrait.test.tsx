import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AI_PORTRAIT_PATHS, type AiPortrait } from '@gsl/contract';
import { fakeServer } from '../../test/fakeServer';
import { mockedApi } from '../../test/screens';
import { HttpError } from '../api/http';

vi.mock('../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
vi.mock('../pages/portal/cockpit/EChart', () => ({ EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { ModelApp } = await import('./ModelApp');
const { portraitBarOption } = await import('./AiPortrait');

const open = (hash: string) => {
  window.location.hash = hash;
  return render(<ModelApp />);
};
afterEach(() => {
  window.location.hash = '';
});

const portrait = (over: Partial<AiPortrait> = {}): AiPortrait => ({
  kind: 'enterprise',
  memberId: '901',
  memberName: '画像测试科技有限公司',
  deptName: '南京市工商联',
  aiGenerated: true,
  tags: [
    { key: 'aboveScale', label: '规上企业', rule: '企业规模为中型或大型', sources: ['scale'] },
    { key: 'senior', label: '会员年限≥10年', rule: '入会满16年', sources: ['joinDate'] },
  ],
  figures: [
    { key: 'years', label: '会员年限', value: 16, unit: '年', sources: ['joinDate'] },
    { key: 'scale', label: '企业规模', value: null, unit: '', sources: ['scale'] },
  ],
  charts: [
    {
      key: 'years',
      title: '入会年限对比',
      type: 'bar',
      unit: '年',
      categories: ['画像测试科技有限公司', '南京市工商联同类会员平均(3家)'],
      series: [{ name: '入会年限', data: [16.6, 7.2] }],
      sources: ['joinDate', 'peers'],
    },
  ],
  news: [{ id: '1', title: '画像测试科技有限公司发布新品', infoTime: '2026-03-10 10:00:00', link: null }],
  summary: {
    text: '画像测试科技有限公司位于江宁区。',
    sources: ['name', 'regionCode'],
    method: 'template',
    model: '内置画像规则',
    generatedAt: '2026-11-27 10:00:00',
  },
  fieldLabels: {
    name: '企业名称',
    scale: '企业规模',
    joinDate: '入会日期',
    regionCode: '所在地区',
    peers: '同一组织的同类会员',
    news: '舆情监测(提及该会员的新闻)',
  },
  ...over,
});

describe('AI 画像', () => {
  it('shows the card: summary and tags labelled AI生成, each tag with its rule and sources, figures, a chart with its table', async () => {
    const server = fakeServer({ [`GET ${AI_PORTRAIT_PATHS.detail('enterprise')}`]: () => portrait() });
    open('#/ai-properties-company?unionId=901&deptId=5&noEdit=1');
    expect(await screen.findByRole('heading', { name: 'AI企业画像', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: '画像测试科技有限公司', level: 2 })).toBeTruthy();
    expect(server.last('GET', AI_PORTRAIT_PATHS.detail('enterprise'))?.params).toEqual({ id: '901' });
    expect(screen.getAllByTestId('portrait-ai-mark').map((m) => m.textContent)).toEqual(['AI生成', 'AI生成']);
    expect(screen.getByTestId('portrait-summary').textContent).toBe('画像测试科技有限公司位于江宁区。');
    expect(screen.getByText('来源字段:企业名称、所在地区')).toBeTruthy();

    // A tag is a button described by its rule and sources; focusing it shows them in a tooltip.
    const tag = screen.getByRole('button', { name: '规上企业' });
    const described = document.getElementById(tag.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('规则:企业规模为中型或大型;来源字段:企业规模');
    fireEvent.focus(tag);
    fireEvent.mouseEnter(tag);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('来源字段:企业规模'));

    // Figures: the value with its unit, or 未填写.
    expect(screen.getByTestId('portrait-figure-years').textContent).toContain('16年');
    expect(screen.getByTestId('portrait-figure-scale').textContent).toContain('未填写');

    // The chart, with a text alternative and its table.
    const chart = screen.getByTestId('portrait-chart-years');
    expect(within(chart).getByRole('heading', { name: '入会年限对比' })).toBeTruthy();
    expect(await within(chart).findByRole('img', { name: /入会年限对比:画像测试科技有限公司 16.6年/ })).toBeTruthy();
    const table = within(chart).getByRole('table', { name: '入会年限对比数据表' });
    expect(within(table).getByRole('rowheader', { name: '南京市工商联同类会员平均(3家)' }).parentElement?.textContent).toContain('7.2');
    expect(within(chart).getByText('来源字段:入会日期、同一组织的同类会员')).toBeTruthy();
    expect(screen.getByText('画像测试科技有限公司发布新品')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看AI简历' }).getAttribute('href')).toBe('#/ai-resume-company?unionId=901');
  });

  it('asks for a member without unionId, says what went wrong, and shows an empty portrait plainly', async () => {
    const none = open('#/ai-properties-person');
    expect(await screen.findByText('未指定会员,请从会员详情打开AI画像')).toBeTruthy();
    none.unmount();

    fakeServer({
      [`GET ${AI_PORTRAIT_PATHS.detail('group')}`]: () => {
        throw new HttpError('数据不存在或无权访问', 404);
      },
    });
    const failed = open('#/ai-properties-group?unionId=77');
    expect(await screen.findByText('AI画像加载失败')).toBeTruthy();
    expect(screen.getByText('数据不存在或无权访问')).toBeTruthy();
    failed.unmount();

    fakeServer({ [`GET ${AI_PORTRAIT_PATHS.detail('person')}`]: () => portrait({ kind: 'person', tags: [], charts: [], news: [] }) });
    open('#/ai-properties-person?unionId=902');
    expect(await screen.findByText('会员档案信息不足,暂无标签')).toBeTruthy();
    expect(screen.queryByTestId('portrait-chart-years')).toBeNull();
    expect(screen.getByRole('heading', { name: 'AI个人画像', level: 1 })).toBeTruthy();
  });

  it('builds a bar chart with dark axis text from the figures', () => {
    const o = portraitBarOption(portrait().charts[0]) as { xAxis: { data: string[]; axisLabel: { color: string } }; series: Array<{ data: number[] }> };
    expect(o.xAxis.data).toEqual(['画像测试科技有限公司', '南京市工商联同类会员平均(3家)']);
    expect(o.series[0].data).toEqual([16.6, 7.2]);
    expect(o.xAxis.axisLabel.color).toBe('#333');
  });
});
