import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from 'antd';
import type { PageResult } from '@gsl/contract';
import type { CrudApi } from '../../api/crud';
import { renderScreen } from '../../../test/screens';
import { CrudTable } from './CrudTable';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

interface Row {
  id: string;
  name: string;
}

const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({ id: String(i + 1), name: `行${i + 1}` }));

function fakeApi() {
  const list = vi.fn(async (query: Record<string, unknown>): Promise<PageResult<Row>> => {
    const size = Number(query.size);
    const current = Number(query.current);
    return { records: ROWS.slice((current - 1) * size, current * size), total: ROWS.length, size, current, pages: Math.ceil(ROWS.length / size) };
  });
  return { queryKey: ['toolbar', 'rows'], list, submit: vi.fn(), remove: vi.fn() } satisfies CrudApi<Row, never>;
}

/** A screen with a picker beside the table (as an org tree) and one bulk button of its own. */
function Screen({ api, onBulk }: { api: ReturnType<typeof fakeApi>; onBulk: (ids: string[], filters: Record<string, unknown>) => void }) {
  const [org, setOrg] = useState<string | undefined>();
  return (
    <>
      <Button onClick={() => setOrg('9')} data-testid="pick-org">
        选机构
      </Button>
      <CrudTable<Row, never>
        testId="x"
        api={api}
        columns={[{ key: 'name', dataIndex: 'name', title: '名称' }]}
        search={[{ name: 'name', label: '名称' }]}
        permissions={{}}
        filters={org ? { deptId: org } : undefined}
        toolbar={(ids, filters) => (
          <Button onClick={() => onBulk(ids, filters)} data-testid="x-bulk-own">
            启用
          </Button>
        )}
      />
    </>
  );
}

function renderToolbarScreen() {
  const api = fakeApi();
  const onBulk = vi.fn();
  renderScreen(<Screen api={api} onBulk={onBulk} />);
  return { api, onBulk };
}

const rowOf = (id: string) => screen.getByTestId('x-table').querySelector(`tbody tr[data-row-key="${id}"]`) as HTMLElement;

describe('CrudTable toolbar and screen filters', { timeout: 20_000 }, () => {
  it('shows the screen’s own toolbar buttons (even without 新增 / 删除) with the selected ids and the filters', async () => {
    const { onBulk } = renderToolbarScreen();
    await screen.findByText('行2');
    expect(screen.queryByTestId('x-add')).toBeNull();
    fireEvent.click(within(rowOf('2')).getByRole('checkbox'));
    fireEvent.change(screen.getByTestId('x-search-name'), { target: { value: ' 行 ' } });
    fireEvent.click(screen.getByTestId('x-bulk-own'));
    expect(onBulk).toHaveBeenLastCalledWith(['2'], {});
    fireEvent.click(screen.getByTestId('x-search-submit'));
    await waitFor(() => expect(screen.getByTestId('x-table')).toBeTruthy());
    await screen.findByText('行2');
    fireEvent.click(screen.getByTestId('x-bulk-own'));
    expect(onBulk).toHaveBeenLastCalledWith([], { name: '行' }); // a new search starts with no selection
  });

  it('sends the screen’s filters with the list call and goes back to page 1 when they change', async () => {
    const { api, onBulk } = renderToolbarScreen();
    await screen.findByText('行2');
    fireEvent.click(screen.getByTitle('2')); // page 2
    await screen.findByText('行12');
    expect(api.list).toHaveBeenLastCalledWith(expect.objectContaining({ current: 2 }), expect.anything());
    fireEvent.click(screen.getByTestId('pick-org'));
    await waitFor(() => expect(api.list).toHaveBeenLastCalledWith({ deptId: '9', current: 1, size: 10 }, expect.anything()));
    fireEvent.click(screen.getByTestId('x-bulk-own'));
    expect(onBulk).toHaveBeenLastCalledWith([], { deptId: '9' });
  });
});
