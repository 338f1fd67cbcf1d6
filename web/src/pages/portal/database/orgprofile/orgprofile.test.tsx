import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockedApi, page, renderScreen } from '../../../../../test/screens';
import { regionNode as region, treeNode } from '../../../../../test/fixtures';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
const { get, request, toast } = await mockedApi();
// Big forms render slowly on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
const { default: OrgProfilePage, statisticBars } = await import('./index');

const OP = '/api/aoc-service/orgprofile';
const node = (id: string, title: string, deptCategory: number, children: unknown[] = []) =>
  treeNode(id, title, children, { deptCategory, unionId: null, regionLevel: null });
const TREE = [node('1', '南京市工商联', 1, [node('2', '南京市工商联办公室', 4), node('3', '南京市浙江商会', 2)])];
const profileOf = (deptId: string, name: string, over: Record<string, unknown> = {}) => ({
  id: null,
  deptId,
  deptName: name,
  name,
  englishName: null,
  regionCode: '320100',
  chamberType: null,
  chamberTypeName: null,
  version: 0,
  createTime: null,
  updateTime: null,
  ...over,
});
const REPORT = {
  id: '91',
  deptId: '3',
  deptName: '南京市浙江商会',
  year: 2023,
  title: '2023年度工作报告',
  content: null,
  status: 1,
  statusName: '已提交',
  submitTime: '2024-01-10 09:00:00',
  returnReason: null,
  version: 3,
};
const ALL = ['profile_org', 'profile_org_add', 'profile_org_edit', 'profile_org_delete', 'profile_org_view', 'profile_org_report'];

const renderWith = (granted: string[]) => renderScreen(<OrgProfilePage />, granted);

beforeEach(() => {
  get.mockReset();
  request.mockReset();
  vi.mocked(toast.success).mockReset();
  get.mockImplementation((async (url: string, params: Record<string, string>) => {
    if (url === '/api/blade-system/dept/dept-tree') return TREE;
    if (url === `${OP}/detail`)
      return params.deptId === '1'
        ? profileOf('1', '南京市工商联', { id: '7', englishName: 'Nanjing FIC', version: 5 })
        : profileOf(params.deptId, '南京市浙江商会');
    if (url === `${OP}/statistics`)
      return [
        { year: 2024, total: 30, enterprise: 20, group: 4, person: 6, source: 'computed' },
        { year: 2023, total: 15, enterprise: 10, group: 2, person: 3, source: 'stored' },
      ];
    if (url === `${OP}/annualreport/list`) return page([REPORT]);
    if (url === `${OP}/leader/list`)
      return [
        {
          year: 2026,
          current: true,
          leaders: [{ id: '1', deptId: params.deptId, year: 2026, leaderType: 1, name: '王会长', post: '会长', sort: 1, company: null }],
        },
        {
          year: 2021,
          current: false,
          leaders: [{ id: '2', deptId: params.deptId, year: 2021, leaderType: 1, name: '李前任', post: '会长', sort: 1, company: null }],
        },
      ];
    if (url.endsWith('/list')) return [];
    if (url === '/api/blade-system/region/lazy-tree') return REGIONS[params?.parentCode ?? ''] ?? [];
    return undefined;
  }) as never);
});

const REGIONS: Record<string, unknown[]> = {
  '': [region('32', '江苏省')],
  '32': [region('3201', '南京市'), region('3205', '苏州市')],
  '3201': [region('320102', '玄武区', false)],
};

describe('组织档案', () => {
  it('opens the user’s own org first and saves the basic info with the org, its version and the name', async () => {
    request.mockResolvedValue({ code: 200, success: true, msg: '更新成功', data: {} } as never);
    renderWith(ALL);
    const title = await screen.findByTestId('orgprofile-title');
    await waitFor(() => expect(title.textContent).toContain('南京市工商联'));
    const form = await screen.findByTestId('orgprofile-basic');
    const english = within(form).getByTestId('orgprofile-form-englishName') as HTMLInputElement;
    expect(english.value).toBe('Nanjing FIC');
    fireEvent.change(english, { target: { value: 'Nanjing Federation' } });
    fireEvent.click(within(form).getByTestId('orgprofile-basic-save'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [url, opts] = request.mock.calls[0] as [string, { body: Record<string, unknown> }];
    expect(url).toBe(`${OP}/submit`);
    expect(opts.body).toMatchObject({ deptId: '1', version: 5, name: '南京市工商联', englishName: 'Nanjing Federation', regionCode: '320100', orgCode: null });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('更新成功'));
  }, 30_000);

  it('所在地区 is picked province → city → county and shows by name (the org’s 320100 as 江苏省 / 南京市), read-only without prompts', async () => {
    request.mockResolvedValue({ code: 200, success: true, msg: '更新成功', data: {} } as never);
    const { unmount } = renderWith(ALL);
    const form = await screen.findByTestId('orgprofile-basic');
    const picker = within(form).getByTestId('orgprofile-form-regionCode');
    await waitFor(() => expect(picker.textContent).toContain('南京市'));
    expect(picker.textContent).toContain('江苏省');
    expect(picker.textContent).not.toContain('320100');
    // a county picked instead: the record keeps its code
    fireEvent.mouseDown(within(picker).getByRole('combobox'));
    const menuItem = (name: string) =>
      waitFor(() => {
        const item = screen.queryAllByText(name).find((el) => el.closest('.ant-cascader-menu'));
        if (!item) throw new Error(`${name} is not listed`);
        return item;
      });
    fireEvent.click(await menuItem('南京市'));
    fireEvent.click(await menuItem('玄武区'));
    fireEvent.click(within(form).getByTestId('orgprofile-basic-save'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect((request.mock.calls[0] as [string, { body: Record<string, unknown> }])[1].body).toMatchObject({ regionCode: '320102' });
    unmount();

    // without profile_org_edit the profile is read: the region by name, no 请输入… / 请选择… anywhere
    renderWith(['profile_org']);
    const readOnly = await screen.findByTestId('orgprofile-basic');
    const shown = within(readOnly).getByTestId('orgprofile-form-regionCode');
    await waitFor(() => expect(shown.textContent).toContain('江苏省 / 南京市'));
    const prompts = [...readOnly.querySelectorAll('[placeholder]')].map((el) => el.getAttribute('placeholder'));
    expect(prompts.length).toBeGreaterThan(0);
    expect(prompts.every((p) => p === '-')).toBe(true);
    expect(readOnly.textContent).not.toMatch(/请输入|请选择/);
  }, 30_000);

  it('an office cannot be chosen; a chamber without a profile yet saves without a version, its field checked as the server does', async () => {
    request.mockResolvedValue({ code: 200, success: true, msg: '新增成功', data: {} } as never);
    renderWith(ALL);
    const tree = await screen.findByTestId('orgprofile-tree');
    expect(await within(tree).findByText('南京市工商联办公室(办事机构)')).toBeTruthy();
    fireEvent.click(within(tree).getByText('南京市浙江商会'));
    await screen.findByText('(尚未建档,保存后建立档案)');
    fireEvent.click(screen.getByTestId('orgprofile-tab-contact'));
    const form = await screen.findByTestId('orgprofile-contact');
    const phone = within(form).getByTestId('orgprofile-form-contactPhone');
    fireEvent.change(phone, { target: { value: '12345' } });
    fireEvent.click(within(form).getByTestId('orgprofile-contact-save'));
    await within(form).findByText('联系电话格式不正确');
    expect(request).not.toHaveBeenCalled();
    fireEvent.change(phone, { target: { value: '025-84561234' } });
    fireEvent.click(within(form).getByTestId('orgprofile-contact-save'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [, opts] = request.mock.calls[0] as [string, { body: Record<string, unknown> }];
    expect(opts.body).toEqual({
      name: '南京市浙江商会',
      deptId: '3',
      contactPhone: '025-84561234',
      contactPerson: null,
      email: null,
      website: null,
      fax: null,
    });
  }, 20_000);

  it('shows current and past leaders apart, and the member overview by year as bars', async () => {
    renderWith(ALL);
    await screen.findByTestId('orgprofile-title');
    fireEvent.click(await screen.findByTestId('orgprofile-tab-leader'));
    // the terms as the leadership calls keep them: 现任 the current one, 往届 the others
    const leaders = await screen.findByTestId('org-leader');
    await within(leaders).findByText('王会长');
    expect(within(leaders).getByTestId('org-leader-term-2026').textContent).toContain('现任');
    expect(within(leaders).queryByText('李前任')).toBeNull();
    fireEvent.click(within(screen.getByTestId('org-leader-term')).getByText('往届'));
    await within(leaders).findByText('李前任');
    expect(within(leaders).queryByText('王会长')).toBeNull();

    fireEvent.click(screen.getByTestId('orgprofile-tab-memberstat'));
    const row = await screen.findByTestId('org-stat-2024');
    expect(row.textContent).toContain('总数 30(企业 20 / 团体 4 / 个人 6)');
    expect(screen.getByTestId('org-stat-2023').textContent).toContain('填报');
    expect(
      statisticBars([
        { year: 2024, total: 30, enterprise: 20, group: 4, person: 6, source: 'computed' },
        { year: 2023, total: 15, enterprise: 10, group: 2, person: 3, source: 'stored' },
      ])[1].widths,
    ).toEqual({ enterprise: 33.3, group: 6.7, person: 10 });
  });

  it('年报: a submitted report can be returned with a reason (profile_org_report); without the code neither 提交 nor 退回 shows', async () => {
    request.mockResolvedValue({ code: 200, success: true, msg: '退回成功', data: REPORT } as never);
    const { unmount } = renderWith(ALL);
    fireEvent.click(await screen.findByTestId('orgprofile-tab-annualreport'));
    const table = await screen.findByTestId('annual-report-table');
    await within(table).findByText('2023年度工作报告');
    expect(get).toHaveBeenCalledWith(`${OP}/annualreport/list`, { deptId: '1', current: 1, size: 10 }, expect.anything());
    expect(within(table).queryByTestId('annual-report-report-91')).toBeNull();
    // submitted: read-only until returned — 查看 stays, 编辑 and 删除 do not show
    expect(within(table).getByTestId('annual-report-row-view')).toBeTruthy();
    expect(within(table).queryByTestId('annual-report-row-edit')).toBeNull();
    expect(within(table).queryByTestId('annual-report-row-delete')).toBeNull();
    fireEvent.click(within(table).getByTestId('annual-report-return-91'));
    fireEvent.change(await screen.findByTestId('annual-report-reason'), { target: { value: ' 数据不完整 ' } });
    fireEvent.click(screen.getByTestId('annual-report-return-ok'));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(`${OP}/annualreport/return`, { method: 'POST', body: { id: '91', version: 3, reason: '数据不完整' } }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('退回成功'));
    unmount();

    renderWith(['profile_org']);
    fireEvent.click(await screen.findByTestId('orgprofile-tab-annualreport'));
    const readOnly = await screen.findByTestId('annual-report-table');
    await within(readOnly).findByText('2023年度工作报告');
    expect(within(readOnly).queryByTestId('annual-report-return-91')).toBeNull();
    expect(within(readOnly).queryByTestId('annual-report-approve-91')).toBeNull();
    expect(screen.queryByTestId('annual-report-add')).toBeNull();
  }, 20_000);

  it('年报: an org above accepts a submitted report (通过) after a confirmation', async () => {
    request.mockResolvedValue({ code: 200, success: true, msg: '审核通过', data: { ...REPORT, status: 3, statusName: '已通过' } } as never);
    renderWith(ALL);
    fireEvent.click(await screen.findByTestId('orgprofile-tab-annualreport'));
    const table = await screen.findByTestId('annual-report-table');
    await within(table).findByText('2023年度工作报告');
    fireEvent.click(within(table).getByTestId('annual-report-approve-91'));
    fireEvent.click(await screen.findByTestId('annual-report-approve-confirm'));
    await waitFor(() => expect(request).toHaveBeenCalledWith(`${OP}/annualreport/approve`, { method: 'POST', body: { id: '91', version: 3 } }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('审核通过'));
  }, 20_000);
});
