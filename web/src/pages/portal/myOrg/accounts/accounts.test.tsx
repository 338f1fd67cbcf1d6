import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserView } from '@gsl/contract';
import { fakeServer } from '../../../../../test/fakeServer';
import { mockedApi, page, renderScreen } from '../../../../../test/screens';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { CocAccountsPage, AocAccountsPage, CocAccountAddPage } = await import('./pages');
const { OrgRolesPage } = await import('../roles/pages');

const ACCOUNT: UserView = {
  id: '31',
  tenantId: '000001',
  account: 'zj_staff',
  name: null,
  realName: '王会员',
  avatar: null,
  email: null,
  phone: '139****0001',
  birthday: null,
  sex: null,
  sexName: null,
  code: null,
  deptId: '2',
  deptName: '南京市浙江商会',
  postId: null,
  profileTag: 'coc',
  roleIds: '4',
  roleNames: '商会工作人员',
  seq: 0,
  isAddressBook: 1,
  status: 1,
  statusName: '启用',
  locked: false,
  lockedUntil: null,
  passwordResetRequired: 1,
  version: 1,
  createTime: '2026-11-26 10:00:00',
  updateTime: '2026-11-26 10:00:00',
};

function serve() {
  return fakeServer({
    'GET /api/blade-user/page': () => page([ACCOUNT]),
    'GET /api/blade-system/dept/dept-tree': () => [],
    'POST /api/blade-user/enable': () => ({ msg: '账号启用成功', data: null }),
    'POST /api/blade-user/reset-password': () => ({
      msg: '密码已重置',
      data: [{ id: '31', account: 'zj_staff', realName: '王会员', password: 'Abc123xyz789' }],
    }),
    'GET /api/blade-system/v2/role/page': () =>
      page([
        {
          id: '8',
          parentId: '0',
          parentName: null,
          roleName: '联络员',
          roleAlias: 'liaison',
          systemType: 'aoc',
          deptId: '1',
          deptName: '南京市工商联',
          sort: 1,
          status: 1,
          version: 1,
          createTime: null,
          updateTime: null,
          hasChildren: false,
        },
      ]),
  });
}

beforeEach(() => {
  vi.mocked(toast.success).mockReset();
  vi.mocked(toast.warning).mockReset();
});

describe('商会账号管理', () => {
  it('lists the chamber accounts of the scope and offers only the buttons granted', async () => {
    const server = serve();
    renderScreen(<CocAccountsPage />, [
      'myorg_coc_account',
      'myorg_coc_account_add',
      'myorg_coc_account_enable',
      'myorg_coc_account_view',
      'myorg_coc_account_reset',
    ]);
    const table = await screen.findByTestId('org-account-table');
    await within(table).findByText('zj_staff');
    expect(within(table).getByText('待修改初始密码')).toBeTruthy();
    expect(server.last('GET', '/api/blade-user/page')?.params).toMatchObject({ profileTag: 'coc' });
    expect(screen.getByTestId('org-account-add')).toBeTruthy();
    expect(screen.getByTestId('org-account-enable')).toBeTruthy();
    expect(screen.queryByTestId('org-account-disable')).toBeNull();
    expect(screen.queryByTestId('org-account-unlock')).toBeNull();
    expect(within(table).getByTestId('org-account-row-view')).toBeTruthy();
    expect(within(table).queryByTestId('org-account-row-edit')).toBeNull();

    // Nothing selected: 请选择至少一条数据.
    fireEvent.click(screen.getByTestId('org-account-enable'));
    await waitFor(() => expect(toast.warning).toHaveBeenCalledWith('请选择至少一条数据'));

    // Selected and confirmed: the user module's own call, then the server's message.
    fireEvent.click(within(table).getAllByRole('checkbox').at(-1)!);
    fireEvent.click(screen.getByTestId('org-account-enable'));
    fireEvent.click(await screen.findByTestId('org-account-confirm-ok'));
    await waitFor(() => expect(server.last('POST', '/api/blade-user/enable')?.params).toEqual({ userIds: '31' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('账号启用成功'));

    // 密码重置: the new password is shown this once.
    fireEvent.click(screen.getByTestId('org-account-reset'));
    await waitFor(() => expect(screen.getAllByText('确定将选择账号密码重置?').length).toBeGreaterThan(0));
    fireEvent.click((await screen.findAllByTestId('org-account-confirm-ok')).at(-1)!);
    expect(await screen.findByText('Abc123xyz789')).toBeTruthy();
  });

  it('says so to a user without the screen', async () => {
    serve();
    renderScreen(<AocAccountsPage />, ['myorg_coc_account']);
    expect(await screen.findByTestId('org-no-access')).toBeTruthy();
    expect(screen.getByText(/工商联账号管理/)).toBeTruthy();
  });
});

describe('新增商会账号', () => {
  it('says what is missing in the contract’s words and offers SMS / e-mail only with a phone / address', async () => {
    const server = serve();
    renderScreen(<CocAccountAddPage />, ['myorg_coc_account', 'myorg_coc_account_add']);
    const form = await screen.findByTestId('org-account-form');
    expect(within(form).getByText('新增商会账号')).toBeTruthy();
    fireEvent.click(within(form).getByTestId('org-account-submit'));
    expect(await within(form).findByText('请选择所属机构')).toBeTruthy();
    expect(within(form).getByText('请输入账号')).toBeTruthy();
    expect(within(form).getByText('请输入姓名')).toBeTruthy();
    expect(within(form).getByText('请选择所属角色')).toBeTruthy();
    expect(server.calls.some((c) => c.url.includes('/userProfile/coc/add'))).toBe(false);

    const sms = within(form).getByLabelText('短信发送');
    expect((sms as HTMLInputElement).disabled).toBe(true);
    expect((within(form).getByLabelText('页面显示一次') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(form).getByTestId('org-account-phone'), { target: { value: '13912345678' } });
    await waitFor(() => expect((within(form).getByLabelText('短信发送') as HTMLInputElement).disabled).toBe(false));
    expect((within(form).getByLabelText('邮件发送') as HTMLInputElement).disabled).toBe(true);
  });

  it('is refused plainly without the 新增 button', async () => {
    serve();
    renderScreen(<CocAccountAddPage />, ['myorg_coc_account']);
    expect(await screen.findByTestId('org-no-access')).toBeTruthy();
  });
});

describe('角色管理', () => {
  it("lists the org roles with 新增 and the row's 查看 / 编辑 as granted", async () => {
    const server = serve();
    renderScreen(<OrgRolesPage />, ['myorg_role', 'myorg_role_add', 'myorg_role_edit']);
    const table = await screen.findByTestId('org-role-table');
    await within(table).findByText('联络员');
    expect(server.last('GET', '/api/blade-system/v2/role/page')?.params).toMatchObject({ deptId_notnull: 1 });
    expect(screen.getByTestId('org-role-add')).toBeTruthy();
    expect(within(table).getByTestId('org-role-row-edit')).toBeTruthy();
    expect(within(table).queryByTestId('org-role-row-view')).toBeNull();
  });
});
