import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, type Call } from '../../../../../test/fakeServer';
import { mockedApi, page, renderScreen } from '../../../../../test/screens';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: GslAddressPage } = await import('./gslAddress');

const AOC = '/api/blade-user/userProfile/aoc/currentOrgUserList';
const NEXT = '/api/blade-user/userProfile/aoc/nextOrgUserList';
const entry = (id: string, realName: string, seq: number) => ({
  id,
  account: `acc${id}`,
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
  status: 1,
});

function serve() {
  const book = [entry('1', '张一', 1), entry('2', '李二', 2), entry('3', '王三', 3)];
  return fakeServer({
    [`GET ${AOC}`]: () => page(book),
    [`GET ${NEXT}`]: () => page([]),
    ['POST /api/blade-user/changeUserSeq']: (c: Call) => {
      const list = (c.body as { list: Array<{ id: string; seq: number }> }).list;
      book.sort((a, b) => list.findIndex((x) => x.id === a.id) - list.findIndex((x) => x.id === b.id));
      return null;
    },
    ['DELETE /api/aoc-service/userProfile/remove-address-book']: () => ({ msg: '已移出通讯录', data: null }),
  });
}

beforeEach(() => vi.mocked(toast.success).mockReset());

describe('工商联通讯录', () => {
  it('tells a user without the menu plainly, and asks nothing of the server', async () => {
    const server = serve();
    renderScreen(<GslAddressPage />, []);
    expect((await screen.findByTestId('address-no-access')).textContent).toContain('您没有查看工商联通讯录的权限');
    expect(server.calls).toEqual([]);
  });

  it('shows the book in its order, asks for 500 rows without child inclusion, and offers no 维护 without the button', async () => {
    const server = serve();
    renderScreen(<GslAddressPage />, ['myorg_gsl_address']);
    const book = await screen.findByTestId('gsl-book');
    await within(book).findByText('张一');
    expect(server.last('GET', AOC)?.params).toMatchObject({ size: 500, includeChild: 0 });
    expect(within(book).queryByRole('button', { name: '下移 张一' })).toBeNull();
    expect(within(book).queryByText('移出通讯录')).toBeNull();
    expect(screen.queryByTestId('gsl-book-add')).toBeNull();
  });

  it('moves a person down with the keyboard-usable button and saves the whole order', async () => {
    const server = serve();
    renderScreen(<GslAddressPage />, ['myorg_gsl_address', 'myorg_gsl_address_edit']);
    const book = await screen.findByTestId('gsl-book');
    fireEvent.click(await within(book).findByRole('button', { name: '下移 张一' }));
    await waitFor(() =>
      expect(server.last('POST', '/api/blade-user/changeUserSeq')?.body).toEqual({
        list: [
          { id: '2', seq: 1 },
          { id: '1', seq: 2 },
          { id: '3', seq: 3 },
        ],
      }),
    );
    await waitFor(() => expect(screen.getByTestId('gsl-book-live').textContent).toBe('张一 已移到第 2 位,共 3 位'));
    expect(within(book).getByRole('button', { name: '上移 李二' })).toHaveProperty('disabled', true);
  });

  it('removes a person from the book after a confirmation, naming the user and account', async () => {
    const server = serve();
    renderScreen(<GslAddressPage />, ['myorg_gsl_address', 'myorg_gsl_address_edit']);
    const book = await screen.findByTestId('gsl-book');
    fireEvent.click(await within(book).findByRole('button', { name: '将 王三 移出通讯录' }));
    expect(await screen.findByText(/账号不会被删除/)).toBeTruthy();
    fireEvent.click(await screen.findByTestId('gsl-book-remove-ok'));
    await waitFor(() =>
      expect(server.last('DELETE', '/api/aoc-service/userProfile/remove-address-book')?.params).toEqual({ userId: '3', account: 'acc3', isAddressBook: 1 }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('已移出通讯录'));
  });
});
