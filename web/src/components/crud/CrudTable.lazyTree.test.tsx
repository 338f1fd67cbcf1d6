import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Input } from 'antd';
import type { PageResult } from '@gsl/contract';
import type { CrudApi, ListQuery } from '../../api/crud';
import { renderScreen } from '../../../test/screens';
import { CrudTable } from './CrudTable';
import type { LazyTree } from './lazyTree';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

interface Row {
  id: string;
  name: string;
  parentId: string;
  hasChildren: boolean;
  children?: Row[];
}

const row = (id: string, parentId: string, name: string, hasChildren = false): Row => ({ id, parentId, name, hasChildren });
const page = (records: Row[]): PageResult<Row> => ({ records, total: records.length, size: records.length, current: 1, pages: 1 });
const nest = (roots: Row[], childrenOf: ReadonlyMap<string, Row[]>): Row[] =>
  roots.map((r) => (r.hasChildren ? { ...r, children: nest(childrenOf.get(r.id) ?? [], childrenOf) } : r));

function renderTree() {
  const list = vi.fn(async (query: ListQuery) =>
    page(query.name ? [{ ...row('1', '0', '省'), children: [row('2', '1', '市')] }] : [row('1', '0', '省', true)]),
  );
  const loadChildren = vi.fn(async (id: string) => (id === '1' ? [row('2', '1', '市')] : []));
  const submit = vi.fn(async (body: Partial<Row>) => ({ data: { ...row('3', '1', '区'), ...body }, msg: '新增成功' }));
  const api = { queryKey: ['tree'], list, submit, remove: vi.fn() } satisfies CrudApi<Row, Partial<Row>>;
  const lazyTree: LazyTree<Row> = { childrenKey: (id) => ['tree', 'lazy', id], loadChildren, nest, parentField: 'parentId' };
  renderScreen(
    <CrudTable<Row, Partial<Row>>
      api={api}
      testId="t"
      lazyTree={lazyTree}
      indexColumn={false}
      columns={[{ key: 'name', dataIndex: 'name', title: '名称' }]}
      search={[{ name: 'name', label: '名称' }]}
      fields={[
        { name: 'name', label: '名称', input: <Input data-testid="t-name" /> },
        { name: 'parentId', label: '上级', input: <Input data-testid="t-parent" /> },
      ]}
      permissions={{ add: 't_add' }}
    />,
    ['t_add'],
  );
  return { list, loadChildren, submit };
}

const rowOf = (name: string) => screen.getByText(name, { exact: true }).closest('tr') as HTMLElement;

describe('CrudTable as a lazy tree', { timeout: 20_000 }, () => {
  it('lists the top level without paging or 序号, and loads a row’s children as it unfolds', async () => {
    const { list, loadChildren } = renderTree();
    await screen.findByText('省');
    expect(list).toHaveBeenCalledWith({}, expect.anything());
    expect(screen.queryByText('序号')).toBeNull();
    expect(document.querySelector('.ant-pagination')).toBeNull();
    expect(screen.queryByText('市')).toBeNull();
    fireEvent.click(rowOf('省').querySelector('.ant-table-row-expand-icon')!);
    await screen.findByText('市');
    expect(loadChildren).toHaveBeenCalledWith('1', expect.anything());
  });

  it('shows a searched forest unfolded', async () => {
    const { list } = renderTree();
    await screen.findByText('省');
    fireEvent.change(screen.getByTestId('t-search-name'), { target: { value: '市' } });
    fireEvent.click(screen.getByTestId('t-search-submit'));
    await waitFor(() => expect(list).toHaveBeenCalledWith({ name: '市' }, expect.anything()));
    await screen.findByText('市');
  });

  it('unfolds the parent of a row just added', async () => {
    const { submit, loadChildren } = renderTree();
    await screen.findByText('省');
    fireEvent.click(screen.getByTestId('t-add'));
    const form = await screen.findByTestId('t-form');
    fireEvent.change(within(form).getByTestId('t-name'), { target: { value: '区' } });
    fireEvent.change(within(form).getByTestId('t-parent'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('t-form-submit'));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: '区', parentId: '1' }));
    await waitFor(() => expect(loadChildren).toHaveBeenCalledWith('1', expect.anything()));
    await screen.findByText('市');
  });
});
