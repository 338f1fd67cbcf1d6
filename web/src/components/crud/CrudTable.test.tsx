import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { Input } from 'antd';
import type { PageResult } from '@gsl/contract';
import type { CrudApi, ListQuery } from '../../api/crud';
import { HttpError } from '../../api/http';
import { createQueryClient } from '../../app/providers';
import { renderScreen } from '../../../test/screens';
import { CrudTable } from './CrudTable';
import type { CrudFormField, CrudPermissions } from './types';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
const { toast } = await import('../../api/feedback');

interface Row {
  id: string;
  name: string;
  version: number;
}

const ALL = Array.from({ length: 25 }, (_, i): Row => ({ id: String(i + 1), name: `参数${i + 1}`, version: 1 }));

function fakeApi(rows: Row[] = ALL) {
  const list = vi.fn(async (query: ListQuery): Promise<PageResult<Row>> => {
    const { current = 1, size = 10 } = query as { current?: number; size?: number };
    const hits = rows.filter((r) => !query.name || r.name.includes(String(query.name)));
    return { records: hits.slice((current - 1) * size, current * size), total: hits.length, size, current, pages: Math.ceil(hits.length / size) };
  });
  const submit = vi.fn(async (body: Partial<Row>) => ({ data: { ...(body as Row) }, msg: body.id ? '更新成功' : '新增成功' }));
  const remove = vi.fn(async () => ({ data: null, msg: '删除成功' }));
  return { queryKey: ['test', 'rows'], list, submit, remove } satisfies CrudApi<Row, Partial<Row>>;
}

const FIELDS: CrudFormField[] = [
  {
    name: 'name',
    label: '名称',
    required: true,
    rules: [{ required: true, message: '请输入名称' }],
    input: <Input data-testid="field-name" />,
  },
];
const EVERYTHING: CrudPermissions = { add: 't_add', edit: 't_edit', delete: 't_delete', view: 't_view' };

function renderTable(
  api: ReturnType<typeof fakeApi>,
  granted: string[] = Object.values(EVERYTHING) as string[],
  client: QueryClient = createQueryClient(),
  sortable = false,
) {
  renderScreen(
    <CrudTable<Row, Partial<Row>>
      api={api}
      columns={[
        { key: 'name', dataIndex: 'name', title: '名称', sorter: sortable },
        { key: 'createTime', dataIndex: 'createTime', title: '创建时间', sorter: sortable },
      ]}
      fields={FIELDS}
      search={[{ name: 'name', label: '名称' }]}
      permissions={EVERYTHING}
      testId="t"
    />,
    granted,
    client,
  );
  return client;
}

const rows = () => screen.getByTestId('t-table').querySelectorAll('tbody tr[data-row-key]');
const rowOf = (id: string) => screen.getByTestId('t-table').querySelector(`tbody tr[data-row-key="${id}"]`) as HTMLElement;
const lastQuery = (api: ReturnType<typeof fakeApi>) => api.list.mock.calls.at(-1)?.[0];
const confirmDialog = () => screen.findByText('确定将选择数据删除?');

// antd's table and dialogs render slowly in happy-dom, more so while other files run alongside.
describe('CrudTable', { timeout: 20_000 }, () => {
  beforeEach(() => vi.mocked(toast.warning).mockClear());

  it('lists page 1 of 10 rows with the total, and numbers rows across pages', async () => {
    const api = fakeApi();
    renderTable(api);
    await screen.findByText('参数1');
    expect(rows()).toHaveLength(10);
    expect(screen.getByText('共 25 条')).toBeTruthy();
    expect(lastQuery(api)).toEqual({ current: 1, size: 10 });

    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('参数11');
    expect(lastQuery(api)).toEqual({ current: 2, size: 10 });
    expect(within(rowOf('11')).getAllByRole('cell')[1].textContent).toBe('11'); // after the checkbox cell
  });

  it('sorts by a column header on the server (ascs, then descs, then none, snake_case) and goes back to page 1', async () => {
    const api = fakeApi();
    renderTable(api, undefined, undefined, true);
    await screen.findByText('参数1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('参数11');
    const header = (title: string) => [...screen.getByTestId('t-table').querySelectorAll('thead th')].find((th) => th.textContent === title) as HTMLElement;
    fireEvent.click(header('创建时间'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ current: 1, size: 10, ascs: 'create_time' }));
    fireEvent.click(header('创建时间'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ current: 1, size: 10, descs: 'create_time' }));
    fireEvent.click(header('创建时间'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ current: 1, size: 10 }));
  });

  it('searches without empty fields and goes back to page 1', async () => {
    const api = fakeApi();
    renderTable(api);
    await screen.findByText('参数1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('参数11');

    fireEvent.change(screen.getByTestId('t-search-name'), { target: { value: '  参数2 ' } });
    fireEvent.click(screen.getByTestId('t-search-submit'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ name: '参数2', current: 1, size: 10 }));
    await screen.findByText('参数20');

    fireEvent.change(screen.getByTestId('t-search-name'), { target: { value: '   ' } });
    fireEvent.click(screen.getByTestId('t-search-submit'));
    await waitFor(() => expect(lastQuery(api)).toEqual({ current: 1, size: 10 }));
  });

  it('refuses a bulk delete without a selection', async () => {
    const api = fakeApi();
    renderTable(api);
    await screen.findByText('参数1');
    fireEvent.click(screen.getByTestId('t-bulk-delete'));
    expect(toast.warning).toHaveBeenCalledWith('请选择至少一条数据');
    expect(screen.queryByText('确定将选择数据删除?')).toBeNull();
    expect(api.remove).not.toHaveBeenCalled();
  });

  it('deletes the selected rows after 提示 确定将选择数据删除? and says 删除成功', async () => {
    const api = fakeApi();
    renderTable(api);
    await screen.findByText('参数1');
    fireEvent.click(within(rowOf('2')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('3')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('t-bulk-delete'));
    await confirmDialog();
    expect(within(screen.getByRole('dialog')).getAllByText('提示').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('t-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(['2', '3']));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('删除成功'));
    await waitFor(() => expect(api.list.mock.calls.length).toBeGreaterThan(1)); // the list is refetched
  });

  it('deletes one row from its own 删除 with the same confirmation', async () => {
    const api = fakeApi();
    renderTable(api);
    await screen.findByText('参数1');
    fireEvent.click(within(rowOf('4')).getByTestId('t-row-delete'));
    await confirmDialog();
    fireEvent.click(screen.getByTestId('t-delete-confirm'));
    await waitFor(() => expect(api.remove).toHaveBeenCalledWith(['4']));
  });

  it('shows only the buttons the user holds', async () => {
    const api = fakeApi();
    renderTable(api, ['t_view']);
    await screen.findByText('参数1');
    expect(screen.queryByTestId('t-add')).toBeNull();
    expect(screen.queryByTestId('t-bulk-delete')).toBeNull();
    expect(within(rowOf('1')).queryByTestId('t-row-edit')).toBeNull();
    expect(within(rowOf('1')).queryByTestId('t-row-delete')).toBeNull();
    expect(within(rowOf('1')).getByTestId('t-row-view')).toBeTruthy();
  });

  it('adds: checks the field on blur, then saves and says 新增成功', async () => {
    const api = fakeApi();
    renderTable(api);
    await screen.findByText('参数1');
    fireEvent.click(screen.getByTestId('t-add'));
    const input = await screen.findByTestId('field-name');
    fireEvent.blur(input);
    expect(await screen.findByText('请输入名称')).toBeTruthy();

    fireEvent.change(input, { target: { value: '新参数' } });
    fireEvent.click(screen.getByTestId('t-form-submit'));
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith({ name: '新参数' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
  });

  it('edits with the id and version it loaded; a refused save keeps the dialog open and reloads the list', async () => {
    const api = fakeApi();
    api.submit.mockRejectedValueOnce(new HttpError('数据已被他人修改,请刷新后重试', 400, undefined, true));
    renderTable(api);
    await screen.findByText('参数1');
    fireEvent.click(within(rowOf('5')).getByTestId('t-row-edit'));
    const input = (await screen.findByTestId('field-name')) as HTMLInputElement;
    expect(input.value).toBe('参数5');
    fireEvent.change(input, { target: { value: '改名' } });
    const listed = api.list.mock.calls.length;
    fireEvent.click(screen.getByTestId('t-form-submit'));
    await waitFor(() => expect(api.submit).toHaveBeenCalledWith({ name: '改名', id: '5', version: 1 }));
    await waitFor(() => expect(api.list.mock.calls.length).toBeGreaterThan(listed));
    expect(screen.getByTestId('field-name')).toBeTruthy(); // still open
    expect(toast.error).not.toHaveBeenCalled(); // http.ts already told the user

    fireEvent.click(screen.getByTestId('t-form-submit'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('更新成功'));
  });

  it('views a row read-only with only 关闭', async () => {
    const api = fakeApi();
    renderTable(api);
    await screen.findByText('参数1');
    fireEvent.click(within(rowOf('6')).getByTestId('t-row-view'));
    const input = (await screen.findByTestId('field-name')) as HTMLInputElement;
    expect(input.value).toBe('参数6');
    expect(input.disabled).toBe(true);
    expect(screen.queryByTestId('t-form-submit')).toBeNull();
    expect(screen.getByTestId('t-form-close')).toBeTruthy();
  });

  it('shows a failed load with 重新加载', async () => {
    const api = fakeApi();
    api.list.mockRejectedValueOnce(new HttpError('系统错误', 0, undefined, true));
    renderTable(api);
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    await screen.findByText('参数1');
  });

  it('shows the empty state', async () => {
    renderTable(fakeApi([]));
    expect(await screen.findByTestId('t-empty')).toBeTruthy();
  });
});
