import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { COCKPIT_PATHS, type CockpitSummary, type QualityRow } from '@gsl/contract';
import { fakeServer, type Call } from '../../../../test/fakeServer';
import { mockedApi, renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
// No canvas here: the chart is a labelled box; its figures are the buttons the page renders beside it.
vi.mock('./EChart', () => ({ EChart: ({ label }: { label: string }) => <div role="img" aria-label={label} /> }));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: CockpitOverview } = await import('./Overview');
const { default: DataQualityPage } = await import('./DataQuality');

const SUMMARY: CockpitSummary = {
  deptId: '10',
  deptName: '南京市工商联',
  generatedAt: '2026-11-27 09:00:00',
  members: { total: 12, enterprise: 7, group: 2, person: 3 },
  byArea: [
    { key: '11', name: '玄武区工商联', value: 8, deptId: '11' },
    { key: 'self', name: '本级及直属组织', value: 4, deptId: '10' },
  ],
  byIndustry: [
    { key: '软件和信息服务', name: '软件和信息服务', value: 5 },
    { key: '', name: '未填写', value: 2 },
  ],
  byJoinYear: [{ key: '2020', name: '2020年', value: 12 }],
  chambersByType: [
    { key: '1', name: '行业商会', value: 3 },
    { key: '3', name: '外省在苏商会', value: 2 },
    { key: '4', name: '江苏在外地商会', value: 1 },
  ],
  quality: { total: 12, missing: 3, invalid: 1, duplicate: 2, stale: 0 },
  fillIn: { total: 5, notStarted: 2, filling: 1, submitted: 2, returned: 0 },
  messages: [{ month: '2026-11', sys: 2, sms: 1, email: 0, recipients: 30 }],
  logins: [{ day: '2026-11-27', count: 5, users: 2 }],
};

const record = {
  id: '501',
  kind: 'enterprise',
  name: '南京恒瑞软件有限公司',
  deptId: '11',
  deptName: '玄武区工商联',
  creditCode: null,
  industry: '软件和信息服务',
  joinDate: '2020-03-01',
  updateTime: '2026-11-01 10:00:00',
};
const pageOf = (records: unknown[], total: number) => ({ records, total, size: 10, current: 1, pages: 1 });

describe('领导驾驶舱', () => {
  it('shows the scope’s figures and opens the records behind one of them', async () => {
    const server = fakeServer({
      [`GET ${COCKPIT_PATHS.summary}`]: () => SUMMARY,
      [`GET ${COCKPIT_PATHS.records}`]: () => pageOf([record], 5),
    });
    renderScreen(<CockpitOverview />, []);
    expect(await screen.findByText('南京市工商联 · 领导驾驶舱')).toBeTruthy();
    expect(screen.getByTestId('cockpit-kpi-total').textContent).toContain('12');
    expect(screen.getByRole('heading', { name: '商会类型(含异地商会)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: /会员地区分布:玄武区工商联 8,本级及直属组织 4/ })).toBeTruthy();
    // an empty panel says so instead of drawing nothing
    expect(within(screen.getByTestId('cockpit-quality')).queryByText('暂无数据')).toBeNull();
    // 填报: the scope's orgs by state, the submitted share in the title
    expect(screen.getByRole('heading', { name: '填报完成情况(已提交 2/5)' })).toBeTruthy();
    expect(screen.getByTestId('cockpit-fillin-notStarted').getAttribute('data-value')).toBe('2');

    fireEvent.click(screen.getByTestId('cockpit-industry-软件和信息服务'));
    const drawer = await screen.findByTestId('cockpit-drawer');
    expect(await within(drawer).findByText('南京恒瑞软件有限公司')).toBeTruthy();
    expect(within(drawer).getByTestId('cockpit-records-total').textContent).toBe('共 5 条');
    expect(server.last('GET', COCKPIT_PATHS.records)?.params).toMatchObject({ kind: 'enterprise', industry: '软件和信息服务', current: 1, size: 10 });

    // the own level opens with own=1 and every member kind to choose from
    fireEvent.click(screen.getByTestId('cockpit-area-self'));
    await waitFor(() => expect(server.last('GET', COCKPIT_PATHS.records)?.params).toMatchObject({ deptId: '10', own: '1' }));
  });

  it('keeps the last figures when a refresh fails, and says when nothing could be read', async () => {
    fakeServer({
      [`GET ${COCKPIT_PATHS.summary}`]: () => {
        throw new Error('down');
      },
    });
    renderScreen(<CockpitOverview />, []);
    expect(await screen.findByText('驾驶舱数据加载失败', undefined, { timeout: 10_000 })).toBeTruthy();
  });
});

describe('数据质量', () => {
  const row = (over: Partial<QualityRow>): QualityRow => ({
    deptId: '11',
    deptName: '玄武区工商联',
    own: false,
    total: 10,
    missing: 2,
    invalid: 0,
    duplicate: 1,
    stale: 0,
    missingRate: 0.2,
    invalidRate: 0,
    duplicateRate: 0.1,
    staleRate: 0,
    ...over,
  });

  it('lists the orgs, opens the records to fix and goes down to an org’s own orgs', async () => {
    const server = fakeServer({
      [`GET ${COCKPIT_PATHS.quality}`]: (c: Call) =>
        c.params?.deptId === '11'
          ? [row({ deptId: '12', deptName: '某街道商会', total: 3, missing: 1 })]
          : [row({ deptId: '10', deptName: '南京市工商联(本级及直属组织)', own: true }), row({})],
      [`GET ${COCKPIT_PATHS.records}`]: () => pageOf([record], 2),
    });
    renderScreen(<DataQualityPage />, []);
    const table = await screen.findByTestId('quality-table');
    expect(await within(table).findByText('南京市工商联(本级及直属组织)')).toBeTruthy();

    fireEvent.click(within(table).getByTestId('quality-missing-11'));
    await waitFor(() => expect(server.last('GET', COCKPIT_PATHS.records)?.params).toMatchObject({ deptId: '11', issue: 'missing', kind: 'enterprise' }));
    expect(await screen.findByText('南京恒瑞软件有限公司')).toBeTruthy();
    // a count of 0 opens nothing
    expect((within(table).getByTestId('quality-invalid-11') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(within(table).getByTestId('quality-org-11'));
    expect(await within(table).findByText('某街道商会')).toBeTruthy();
    expect(server.last('GET', COCKPIT_PATHS.quality)?.params).toEqual({ deptId: '11' });
  });
});
