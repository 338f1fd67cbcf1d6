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
  return { ...real, tenantSetting: vi.fn(), usePackageOptions: () => ({ data: [{ id: '5', packageName: '基础版', menuIds: '1', remark: null, version: 1 }], isFetching: false }) };
});
const { toast } = await import('../../../api/feedback');
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
