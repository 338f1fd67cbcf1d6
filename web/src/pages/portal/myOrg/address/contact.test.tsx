import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Call } from '../../../../../test/fakeServer';
import { mockedApi, page, renderScreen } from '../../../../../test/screens';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: GslAddAccountPage } = await import('./gslAddress/addAcount');
const { default: GslAddressPage } = await import('./gslAddress');

const AOC = '/api/blade-user/userProfile/aoc/currentOrgUserList';
const NEXT = '/api/blade-user/userProfile/aoc/nextOrgUserList';
const SUBMIT = '/api/blade-user/userProfile/contact/submit';
const entry = (id: string, realName: string, seq: number, entryType: 'account' | 'contact') => ({
  id,
  entryType,
  account: entryType === 'account' ? `acc${id}` : null,
  realName,
  sex: 1,
  deptId: '9',
  deptName: '南京市工商联',
  postId: null,
  postName: '秘书长',
  phone: '138****1234',
  email: null,
  profileTag: 'aoc',
  seq,
  isAddressBook: 1,
  status: entryType === 'account' ? 1 : null,
});

beforeEach(() => vi.mocked(toast.success).mockReset());

describe('新增通讯录成员 › 新增联系人', () => {
  it('checks 姓名 and the §5 phone rules before sending, then adds a contact to the book with its tag', async () => {
    const server = fakeServer({
      [`GET ${AOC}`]: () => page([]),
      [`POST ${SUBMIT}`]: () => ({ msg: '新增成功', data: null }),
    });
    renderScreen(<GslAddAccountPage />, ['myorg_gsl_address', 'myorg_gsl_address_edit']);
    expect(await screen.findByRole('tab', { name: '选择账号' })).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '新增联系人' }));
    const save = await screen.findByTestId('gsl-add-contact-save');
    expect(screen.getByText('联系人只登记在通讯录中,不创建账号,不能登录系统。')).toBeTruthy();

    fireEvent.click(save);
    expect(await screen.findByText('请输入姓名')).toBeTruthy();
    const phone = screen.getByLabelText('手机号码');
    fireEvent.change(phone, { target: { value: '1391234' } });
    fireEvent.blur(phone);
    expect(await screen.findByText('手机号码长度不为11位')).toBeTruthy();
    fireEvent.change(phone, { target: { value: '10012345678' } });
    fireEvent.blur(phone);
    expect(await screen.findByText('手机号码格式不正确')).toBeTruthy();
    expect(server.last('POST', SUBMIT)).toBeUndefined();

    fireEvent.change(screen.getByLabelText('姓名'), { target: { value: ' 王联络 ' } });
    fireEvent.change(phone, { target: { value: '13912345678' } });
    fireEvent.change(screen.getByLabelText('职务'), { target: { value: '联络员' } });
    fireEvent.click(save);
    await waitFor(() =>
      expect(server.last('POST', SUBMIT)?.body).toEqual({
        realName: '王联络',
        sex: null,
        postName: '联络员',
        phone: '13912345678',
        email: null,
        remark: null,
        profileTag: 'aoc',
      }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
  });
});

describe('工商联通讯录 with contacts', () => {
  function serve() {
    const book = [entry('1', '张一', 1, 'account'), entry('1', '李联系', 2, 'contact'), entry('3', '王三', 3, 'account')];
    return fakeServer({
      [`GET ${AOC}`]: () => page(book),
      [`GET ${NEXT}`]: () => page([]),
      ['POST /api/blade-user/changeUserSeq']: () => null,
      ['POST /api/blade-user/userProfile/contact/changeSeq']: () => null,
      ['POST /api/blade-user/userProfile/contact/remove']: (c: Call) => {
        book.splice(
          book.findIndex((e) => e.entryType === 'contact' && e.id === c.params?.ids),
          1,
        );
        return { msg: '删除成功', data: null };
      },
    });
  }

  it('tags each entry 账号 or 联系人, saves the order of both kinds in one seq space, and deletes a contact after 确定删除该联系人?', async () => {
    const server = serve();
    renderScreen(<GslAddressPage />, ['myorg_gsl_address', 'myorg_gsl_address_edit']);
    const book = await screen.findByTestId('gsl-book');
    const rows = await within(book).findAllByTestId('gsl-book-row');
    expect(rows.map((r) => within(r).getAllByRole('cell')[2].textContent)).toEqual(['账号', '联系人', '账号']);
    // An account is taken out of the book; a contact is deleted.
    expect(within(rows[1]).queryByText('移出通讯录')).toBeNull();
    expect(within(rows[0]).queryByRole('button', { name: '删除联系人 张一' })).toBeNull();

    fireEvent.click(within(book).getByRole('button', { name: '下移 张一' }));
    await waitFor(() => expect(server.last('POST', '/api/blade-user/userProfile/contact/changeSeq')?.body).toEqual({ list: [{ id: '1', seq: 1 }] }));
    expect(server.last('POST', '/api/blade-user/changeUserSeq')?.body).toEqual({
      list: [
        { id: '1', seq: 2 },
        { id: '3', seq: 3 },
      ],
    });

    fireEvent.click(within(book).getByRole('button', { name: '删除联系人 李联系' }));
    expect(await screen.findByText('确定删除该联系人?')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('gsl-book-delete-ok'));
    await waitFor(() => expect(server.last('POST', '/api/blade-user/userProfile/contact/remove')?.params).toEqual({ ids: '1' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('删除成功'));
  });
});
