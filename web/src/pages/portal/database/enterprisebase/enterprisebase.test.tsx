import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_MSG, PROFILE_MSG, creditCheckChar } from '@gsl/contract';
import { HttpError } from '../../../../api/http';
import { mockedApi, page, renderScreen } from '../../../../../test/screens';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
const { get, request, toast } = await mockedApi();
// Big forms render slowly on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
const { default: EnterpriseBasePage } = await import('./index');

const EB = '/api/aoc-service/enterprisebase';
const ENTERPRISE = {
  id: '61',
  unionId: 'E0001',
  deptId: '1',
  deptName: '南京市工商联',
  name: '南京云帆科技有限公司',
  creditCode: '91350100M000100Y43',
  legalPerson: '张三',
  registeredCapital: 1000,
  establishedDate: '2015-03-01',
  businessScope: '软件开发',
  address: '南京市玄武区',
  status: 1,
  statusName: '存续',
  enterpriseType: null,
  enterpriseTypeName: null,
  industry: '软件',
  regionCode: null,
  remark: null,
  version: 4,
  createTime: '2024-06-01 10:00:00',
  updateTime: null,
};
const EQUITY = {
  id: '81',
  enterpriseId: '61',
  deptId: '1',
  shareholder: '张三',
  shareholderType: 1,
  shareholderTypeName: '自然人股东',
  subscribedAmount: 600,
  ratio: 60,
  subscribedDate: null,
  version: 1,
};
const ALL = ['profile_enterprise', 'profile_enterprise_add', 'profile_enterprise_edit', 'profile_enterprise_delete', 'profile_enterprise_view'];

const renderWith = (granted: string[]) => renderScreen(<EnterpriseBasePage />, granted);

beforeEach(() => {
  get.mockReset();
  request.mockReset();
  vi.mocked(toast.success).mockReset();
  get.mockImplementation((async (url: string) => {
    if (url === `${EB}/list`) return page([ENTERPRISE]);
    if (url === `${EB}/detail`) return ENTERPRISE;
    if (url === `${EB}/equity/list`) return [EQUITY];
    if (url.endsWith('/list')) return [];
    return undefined;
  }) as never);
});

describe('企业库', () => {
  it('lists enterprises and searches by credit code from page 1', async () => {
    renderWith(ALL);
    const table = await screen.findByTestId('enterprisebase-table');
    await within(table).findByText('南京云帆科技有限公司');
    expect(within(table).getByText('91350100M000100Y43')).toBeTruthy();
    expect(within(table).getByText('存续')).toBeTruthy();
    fireEvent.change(screen.getByTestId('enterprisebase-search-creditCode'), { target: { value: '91350100M000100Y43' } });
    fireEvent.click(screen.getByTestId('enterprisebase-search-submit'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith(`${EB}/list`, { creditCode: '91350100M000100Y43', current: 1, size: 10 }, expect.anything()));
  });

  it('adds an enterprise: the credit code is checked with its checksum, a valid one is sent', async () => {
    request.mockResolvedValue({ code: 200, success: true, msg: '新增成功', data: ENTERPRISE } as never);
    renderWith(ALL);
    fireEvent.click(await screen.findByTestId('enterprisebase-add'));
    const dialog = await screen.findByTestId('enterprisebase-form');
    fireEvent.click(screen.getByTestId('enterprisebase-form-submit'));
    await within(dialog).findByText('请输入企业名称');
    await within(dialog).findByText('请输入统一社会信用代码');
    fireEvent.change(within(dialog).getByTestId('enterprisebase-form-name'), { target: { value: '苏州新材料有限公司' } });
    const body = '91320500MA1MXB5E5';
    const check = creditCheckChar(body);
    fireEvent.change(within(dialog).getByTestId('enterprisebase-form-creditCode'), { target: { value: body + (check === 'A' ? 'B' : 'A') } });
    fireEvent.click(screen.getByTestId('enterprisebase-form-submit'));
    await within(dialog).findByText(CODE_MSG.creditCheck);
    expect(request).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByTestId('enterprisebase-form-creditCode'), { target: { value: body + check } });
    fireEvent.click(screen.getByTestId('enterprisebase-form-submit'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [url, opts] = request.mock.calls[0] as [string, { body: Record<string, unknown> }];
    expect(url).toBe(`${EB}/submit`);
    expect(opts.body).toEqual({ name: '苏州新材料有限公司', creditCode: body + check, status: 1 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
  }, 20_000);

  it('the profile’s 股权: a row refused by the server (over 100%) keeps the dialog open; the row is sent for this enterprise', async () => {
    request.mockRejectedValue(new HttpError(PROFILE_MSG.equityOver, 400, undefined, true) as never);
    renderWith(ALL);
    fireEvent.click(await screen.findByTestId('enterprisebase-open-61'));
    const drawer = await screen.findByTestId('enterprise-profile');
    await within(drawer).findByText('软件开发');
    fireEvent.click(within(drawer).getByTestId('enterprise-profile-tab-equity'));
    const rows = await within(drawer).findByTestId('enterprise-equity-table');
    await within(rows).findByText('自然人股东');
    expect(within(rows).getByText('60')).toBeTruthy();
    expect((await within(drawer).findByTestId('enterprise-equity-total')).textContent).toContain('持股比例合计：60%');
    fireEvent.click(within(drawer).getByTestId('enterprise-equity-add'));
    const form = await screen.findByTestId('enterprise-equity-form');
    fireEvent.change(within(form).getByTestId('enterprise-equity-form-shareholder'), { target: { value: '李四' } });
    const ratio = within(form).getByTestId('enterprise-equity-form-ratio');
    fireEvent.change(ratio, { target: { value: '50' } });
    fireEvent.blur(ratio);
    fireEvent.click(screen.getByTestId('enterprise-equity-form-submit'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [url, opts] = request.mock.calls[0] as [string, { body: Record<string, unknown> }];
    expect(url).toBe(`${EB}/equity/submit`);
    expect(opts.body).toEqual({ shareholder: '李四', ratio: 50, enterpriseId: '61' });
    expect(screen.getByTestId('enterprise-equity-form')).toBeTruthy();
    expect(toast.success).not.toHaveBeenCalled();
  });
});
