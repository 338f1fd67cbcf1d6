import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, Input } from 'antd';
import type { PageResult } from '@gsl/contract';
import type { CrudApi } from '../../api/crud';
import { renderScreen } from '../../../test/screens';
import { CrudTable } from './CrudTable';
import type { CrudTableProps } from './types';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

interface Row {
  id: string;
  name: string;
  version: number;
  children?: Row[];
}

const ROWS: Row[] = [
  { id: '1', name: '甲', version: 1, children: [{ id: '11', name: '甲一', version: 1 }] },
  { id: '2', name: '乙', version: 2 },
];

function fakeApi(rows: Row[] = ROWS) {
  const list = vi.fn(async (): Promise<PageResult<Row>> => ({ records: rows, total: rows.length, size: 10, current: 1, pages: 1 }));
  const submit = vi.fn(async (body: Partial<Row>) => ({ data: { ...(body as Row), id: body.id ?? '9' }, msg: body.id ? '更新成功' : '新增成功' }));
  const remove = vi.fn(async () => ({ data: null, msg: '删除成功' }));
  return { queryKey: ['ext', 'rows'], list, submit, remove } satisfies CrudApi<Row, Partial<Row>>;
}

const PERMS = { add: 'x_add', edit: 'x_edit', delete: 'x_delete', view: 'x_view' };

function renderTable(props: Partial<CrudTableProps<Row, Partial<Row>>> & { api: ReturnType<typeof fakeApi> }) {
  renderScreen(
    <CrudTable<Row, Partial<Row>>
      columns={[{ key: 'name', dataIndex: 'name', title: '名称' }]}
      fields={[{ name: 'name', label: '名称', input: <Input data-testid="field-name" /> }]}
      permissions={PERMS}
      testId="x"
      {...props}
    />,
    Object.values(PERMS),
  );
}

const rowOf = (id: string) => screen.getByTestId('x-table').querySelector(`tbody tr[data-row-key="${id}"]`) as HTMLElement;

describe('CrudTable extensions', { timeout: 20_000 }, () => {
  it('adds the screen’s own row buttons to 操作', async () => {
    const api = fakeApi();
    const onItems = vi.fn();
    renderTable({
      api,
      rowActions: (row) => (
        <Button onClick={() => onItems(row.id)} data-testid="x-row-items">
          配置
        </Button>
      ),
    });
    await screen.findByText('乙');
    fireEvent.click(within(rowOf('2')).getByTestId('x-row-items'));
    expect(onItems).toHaveBeenCalledWith('2');
    expect(within(rowOf('2')).getByTestId('x-row-edit')).toBeTruthy(); // the built-in ones stay
  });

  it('starts 新增 with addValues and submits what fromFormValues makes of the form, then calls onSaved', async () => {
    const api = fakeApi();
    const onSaved = vi.fn();
    renderTable({
      api,
      addValues: () => ({ name: '预填' }),
      fromFormValues: (values) => ({ ...values, name: `${String(values.name)}!` }),
      onSaved,
    });
    await screen.findByText('乙');
    fireEvent.click(screen.getByTestId('x-add'));
    const input = (await screen.findByTestId('field-name')) as HTMLInputElement;
    expect(input.value).toBe('预填');
    fireEvent.click(screen.getByTestId('x-form-submit'));
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith({ name: '预填!' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ data: { name: '预填!', id: '9' }, msg: '新增成功' }, 'add'));
  });

  it('updates through fromFormValues with the row’s id and version added after it', async () => {
    const api = fakeApi();
    const onSaved = vi.fn();
    renderTable({ api, fromFormValues: (values, row) => ({ ...values, from: row?.id, id: 'ignored' }), onSaved });
    await screen.findByText('乙');
    fireEvent.click(within(rowOf('2')).getByTestId('x-row-edit'));
    const input = (await screen.findByTestId('field-name')) as HTMLInputElement;
    expect(input.value).toBe('乙');
    fireEvent.click(screen.getByTestId('x-form-submit'));
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith({ name: '乙', from: '2', id: '2', version: 2 }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ msg: '更新成功' }), 'edit'));
  });

  it('builds the dialog’s fields per opening when fields is a function', async () => {
    const api = fakeApi();
    const fields = vi.fn((mode: string) => [{ name: 'name', label: mode === 'edit' ? '改名' : '名称', input: <Input data-testid={`field-${mode}`} /> }]);
    renderTable({ api, fields });
    await screen.findByText('乙');
    fireEvent.click(within(rowOf('1')).getByTestId('x-row-edit'));
    expect(((await screen.findByTestId('field-edit')) as HTMLInputElement).value).toBe('甲');
    expect(screen.getByText('改名')).toBeTruthy();
    expect(fields).toHaveBeenCalledWith('edit', expect.objectContaining({ id: '1' }));
  });

  it('numbers only the page’s own rows of tree data and lets nested rows be selected and deleted', async () => {
    const api = fakeApi();
    renderTable({ api });
    await screen.findByText('乙');
    const cells = (id: string) => within(rowOf(id)).getAllByRole('cell');
    expect(cells('2')[1].textContent).toBe('2');
    fireEvent.click(within(rowOf('1')).getByRole('button', { name: /展开|expand/i }));
    await screen.findByText('甲一');
    expect(cells('11')[1].textContent).toBe(''); // nested: no 序号
    fireEvent.click(within(rowOf('11')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('x-bulk-delete'));
    await screen.findByText('确定将选择数据删除?');
    fireEvent.click(screen.getByTestId('x-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(['11']));
  });

  it('has no checkbox column when selectable is false', async () => {
    const api = fakeApi();
    renderTable({ api, selectable: false, permissions: {} });
    await screen.findByText('乙');
    expect(within(rowOf('2')).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByTestId('x-add')).toBeNull();
    expect(within(rowOf('2')).getAllByRole('cell')[0].textContent).toBe('2'); // the 序号 comes first
  });
});
