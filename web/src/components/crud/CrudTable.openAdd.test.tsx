import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, Input } from 'antd';
import type { PageResult } from '@gsl/contract';
import type { CrudApi } from '../../api/crud';
import { renderScreen } from '../../../test/screens';
import { CrudTable } from './CrudTable';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

interface Row {
  id: string;
  name: string;
  parentId?: string;
  version: number;
}

describe('CrudTable row buttons opening 新增', { timeout: 20_000 }, () => {
  it('a row button may open 新增 with its own starting values (新增子项), saved as an add', async () => {
    const list = vi.fn(async (): Promise<PageResult<Row>> => ({ records: [{ id: '1', name: '甲', version: 4 }], total: 1, size: 10, current: 1, pages: 1 }));
    const submit = vi.fn(async (body: Partial<Row>) => ({ data: { ...(body as Row), id: '9' }, msg: '新增成功' }));
    const api = { queryKey: ['open-add'], list, submit, remove: vi.fn() } satisfies CrudApi<Row, Partial<Row>>;
    renderScreen(
      <CrudTable<Row, Partial<Row>>
        api={api}
        testId="y"
        columns={[{ key: 'name', dataIndex: 'name', title: '名称' }]}
        fields={[
          { name: 'name', label: '名称', input: <Input data-testid="y-name" /> },
          { name: 'parentId', label: '上级', input: <Input data-testid="y-parent" /> },
        ]}
        permissions={{ add: 'y_add' }}
        addValues={() => ({ parentId: 'root' })}
        rowActions={(row, table) => (
          <Button onClick={() => table.openAdd({ parentId: row.id })} data-testid="y-row-child">
            新增子项
          </Button>
        )}
      />,
      ['y_add'],
    );
    await screen.findByText('甲');
    fireEvent.click(screen.getByTestId('y-row-child'));
    const form = await screen.findByTestId('y-form');
    expect((within(form).getByTestId('y-parent') as HTMLInputElement).value).toBe('1');
    fireEvent.change(within(form).getByTestId('y-name'), { target: { value: '甲一' } });
    fireEvent.click(screen.getByTestId('y-form-submit'));
    await waitFor(() => expect(submit).toHaveBeenCalledWith({ name: '甲一', parentId: '1' })); // no id, no version: an add

    fireEvent.click(screen.getByTestId('y-add'));
    await waitFor(() => expect((screen.getByTestId('y-parent') as HTMLInputElement).value).toBe('root')); // 新增 keeps addValues
  });
});
