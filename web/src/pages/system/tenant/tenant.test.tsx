import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import dayjs from 'dayjs';
import type { TenantView } from '@gsl/contract';
import { AntdProviders } from '../../../app/AntdProviders';
import { createQueryClient, Providers } from '../../../app/providers';
import { quotaText, settingBody, tenantBody, tenantFormValues } from './tenantLogic';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/system/tenant', async (original) => {
  const real = await original<typeof import('../../../api/system/tenant')>();
  return {
    ...real,
    tenantSetting: vi.fn(),
    usePackageOptions: () => ({ data: [{ id: '5', packageName: '基础版', menuIds: '1', remark: null, version: 1 }], isFetching: false }),
  };
});
vi.mock('../../../api/system/datasource', () => ({
  bindTenantDatasource: vi.fn(),
  useDatasourceOptions: () => ({
    data: [
      { id: '7', name: '吴江库', url: 'jdbc:postgresql://127.0.0.1:5432/wj', inUse: false },
      { id: '8', name: '昆山库', url: 'jdbc:postgresql://127.0.0.1:5432/ks', inUse: true },
    ],
    isFetching: false,
  }),
}));
const { toast } = await import('../../../api/feedback');
const dsApi = await import('../../../api/system/datasource');
const { DatasourceModal } = await import('./DatasourceModal');
const api = await import('../../../api/system/tenant');
const { SettingModal } = await import('./SettingModal');
const { AdminAccountModal } = await import('./AdminAccountModal');

const TENANT: TenantView = {
  id: '100',
  tenantId: '000002',
  tenantName: '苏州市吴江区工商联',
  domainUrl: null,
  linkman: '王敏',
  contactNumber: '13912345678',
  address: null,
  accountNumber: 3,
  accountUsed: 1,
  expireTime: '2030-01-01 00:00:00',
  expired: false,
  packageId: '5',
  packageName: '基础版',
  datasourceId: null,
  datasourceName: null,
  status: 1,
  version: 4,
  createTime: null,
};

describe('tenant form values', () => {
  it('shows the quota as used / limit, -1 as 不限', () => {
    expect(quotaText(TENANT)).toBe('1 / 3');
    expect(quotaText({ accountNumber: -1, accountUsed: 12 })).toBe('12 / 不限');
  });

  it('sends the form without the tenant id, blank texts as null, the expiry on the wire format, no package as ""', () => {
    const values = tenantFormValues(TENANT);
    expect(values.tenantId).toBe('000002');
    expect(dayjs.isDayjs(values.expireTime)).toBe(true);
    expect(tenantBody({ ...values, linkman: '  ', packageId: undefined })).toEqual({
      tenantName: '苏州市吴江区工商联',
      linkman: null,
      contactNumber: '13912345678',
      address: null,
      domainUrl: null,
      accountNumber: 3,
      expireTime: '2030-01-01 00:00:00',
      packageId: '',
    });
    expect(settingBody({ accountNumber: undefined, expireTime: null, packageId: undefined })).toEqual({ accountNumber: -1, expireTime: '', packageId: '' });
  });
});

const wrap = (ui: React.ReactNode) =>
  render(
    <Providers queryClient={createQueryClient()}>
      <AntdProviders>{ui}</AntdProviders>
    </Providers>,
  );

describe('租户授权 and the new tenant’s account', { timeout: 30_000 }, () => {
  beforeEach(() => vi.clearAllMocks());

  it('租户授权 starts from the tenant’s quota, expiry and package and saves them with tenant/setting', async () => {
    vi.mocked(api.tenantSetting).mockResolvedValue({ data: null, msg: '更新成功' });
    const onClose = vi.fn();
    wrap(<SettingModal tenant={TENANT} onClose={onClose} />);
    const form = await screen.findByTestId('tenant-setting-form');
    expect(screen.getByText('苏州市吴江区工商联（000002）')).toBeTruthy();
    expect((within(form).getByLabelText('账号额度') as HTMLInputElement).value).toBe('3');
    expect((within(form).getByLabelText('过期时间') as HTMLInputElement).value).toBe('2030-01-01 00:00:00');
    expect(within(form).getByText('基础版')).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('账号额度'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('tenant-setting-submit'));
    await waitFor(() => expect(api.tenantSetting).toHaveBeenCalledWith(['100'], { accountNumber: 50, expireTime: '2030-01-01 00:00:00', packageId: '5' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('更新成功'));
    expect(onClose).toHaveBeenCalled();
  });

  it('the new tenant’s admin password is shown once and only 我已保存 closes it', async () => {
    const onClose = vi.fn();
    wrap(<AdminAccountModal issued={{ tenantId: '000003', tenantName: '新租户', account: 'admin', password: 'Pw-once-123a1' }} onClose={onClose} />);
    expect((await screen.findByTestId('tenant-admin-password')).textContent).toContain('Pw-once-123a1');
    expect(screen.getByText('初始密码只显示这一次')).toBeTruthy();
    fireEvent.keyDown(screen.getByTestId('tenant-admin-modal'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('tenant-admin-close'));
    expect(onClose).toHaveBeenCalled();
  });
});

describe('数据源 (tenant_datasource)', { timeout: 30_000 }, () => {
  beforeEach(() => vi.clearAllMocks());

  it('binds a new tenant to a datasource it picks, after confirming; a datasource in use cannot be picked', async () => {
    vi.mocked(dsApi.bindTenantDatasource).mockResolvedValue({ data: null, msg: '数据源绑定成功' });
    const onClose = vi.fn();
    wrap(<DatasourceModal tenant={TENANT} onClose={onClose} />);
    expect(await screen.findByText('主数据库（与平台共用）')).toBeTruthy();
    const submit = screen.getByTestId('tenant-datasource-submit') as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.mouseDown(within(screen.getByTestId('tenant-datasource-select')).getByRole('combobox'));
    const used = await screen.findByText(/昆山库.*（已被使用）/);
    expect(used.closest('.ant-select-item-option-disabled')).toBeTruthy();
    fireEvent.click(await screen.findByText(/吴江库/));
    await waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect((await screen.findAllByText('确定绑定该数据源?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('tenant-datasource-confirm'));
    await waitFor(() => expect(dsApi.bindTenantDatasource).toHaveBeenCalledWith('000002', '7'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('数据源绑定成功'));
    expect(onClose).toHaveBeenCalled();
  });

  it('a bound tenant shows its datasource and offers no other', async () => {
    wrap(<DatasourceModal tenant={{ ...TENANT, datasourceId: '7', datasourceName: '吴江库' }} onClose={vi.fn()} />);
    expect(await screen.findByText('吴江库')).toBeTruthy();
    expect(screen.queryByTestId('tenant-datasource-submit')).toBeNull();
    expect(screen.queryByTestId('tenant-datasource-select')).toBeNull();
  });
});
