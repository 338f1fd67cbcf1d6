import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Button } from 'antd';
import type { PageResult } from '@gsl/contract';
import type { CrudApi } from '../../api/crud';
import { renderScreen } from '../../../test/screens';
import { CrudTable } from './CrudTable';
import type { CrudTableProps } from './types';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));

interface Row {
  id: string;
  name: string;
  org: string;
  version: number;
}

const LONG = '江苏省工商业联合会直属机关服务中心第三办公室';
const ROWS: Row[] = [
  { id: '1', name: '短名', org: LONG, version: 1 },
  { id: '2', name: '甲', org: '南京', version: 1 },
];

function fakeApi() {
  const list = vi.fn(async (): Promise<PageResult<Row>> => ({ records: ROWS, total: ROWS.length, size: 10, current: 1, pages: 1 }));
  return { queryKey: ['layout', 'rows'], list, submit: vi.fn(), remove: vi.fn() } satisfies CrudApi<Row, Partial<Row>>;
}

const PERMS = { add: 'l_add', edit: 'l_edit', delete: 'l_delete', view: 'l_view' };

// 64 + 200 + 300 + 150 (查看 编辑 删除 and one 4-character button) = 714 wide, with the 40px checkbox column
const COLUMNS = [
  { key: 'name', dataIndex: 'name', title: '名称', width: 200, minWidth: 120 },
  { key: 'org', dataIndex: 'org', title: '所属机构', width: 300, minWidth: 160 },
];

/**
 * happy-dom lays nothing out: the table's container is given a width, and a cell whose text is longer
 * than 10 characters reports that it is cut.
 */
let containerWidth = 0;
const descriptors = {
  clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  scrollWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollWidth'),
};
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.classList.contains('crud')) return containerWidth;
      return this.tagName === 'TD' ? 100 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return this.tagName === 'TD' && (this.textContent ?? '').length > 10 ? 400 : 0;
    },
  });
});
afterEach(() => {
  for (const [name, d] of Object.entries(descriptors)) {
    if (d) Object.defineProperty(HTMLElement.prototype, name, d);
    else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
  }
});

function renderAt(width: number, props: Partial<CrudTableProps<Row, Partial<Row>>> = {}) {
  containerWidth = width;
  renderScreen(
    <CrudTable<Row, Partial<Row>>
      api={fakeApi()}
      columns={COLUMNS}
      fields={[{ name: 'name', label: '名称' }]}
      permissions={PERMS}
      testId="l"
      rowActionLabels={['会员代表']}
      rowActions={() => (
        <Button type="link" size="small">
          会员代表
        </Button>
      )}
      {...props}
    />,
    Object.values(PERMS),
  );
}

const table = () => screen.getByTestId('l-table');
const colWidths = () => [...table().querySelectorAll('colgroup col')].map((c) => (c as HTMLElement).style.width);
const scrolls = () => Boolean(table().querySelector('.ant-table-content')?.getAttribute('style')?.includes('overflow-x: auto'));

describe('CrudTable layout', { timeout: 20_000 }, () => {
  it('does not scroll when the columns fit: they share the room, 操作 keeps its width and is not fixed', async () => {
    renderAt(1200);
    await screen.findByText('短名');
    expect(scrolls()).toBe(false);
    expect(table().querySelector('table')?.style.width ?? '').toBe('');
    const widths = colWidths();
    expect(widths.at(-1)).toBe(`${44 * 3 + 72 + 18}px`); // 操作: three 2-character and one 4-character text button
    expect(parseInt(widths[2])).toBeGreaterThan(200); // 名称 took a share of the spare room
    expect(table().querySelector('.ant-table-cell-fix-end, .ant-table-cell-fix-right')).toBeNull();
  });

  it('gives the long-text columns up to their minimum before it scrolls', async () => {
    renderAt(40 + 52 + 150 + 250 + 222 + 2); // 2px table border
    await screen.findByText('短名');
    expect(scrolls()).toBe(false);
    const widths = colWidths().map((w) => parseInt(w));
    expect(widths[2]).toBeLessThan(200);
    expect(widths[2]).toBeGreaterThanOrEqual(120);
    expect(widths[3]).toBeLessThan(300);
    expect(widths[3]).toBeGreaterThanOrEqual(160);
  });

  it('scrolls sideways, by exactly the columns’ width, only when even their minimums do not fit', async () => {
    renderAt(400);
    await screen.findByText('短名');
    expect(table().querySelector('table')?.style.width).toBe(`${40 + 52 + 120 + 160 + 222}px`);
    expect(table().querySelector('.ant-table-cell-fix-end, .ant-table-cell-fix-right')).not.toBeNull(); // 操作 stays in view
  });

  it('puts long text on one line with an ellipsis; the cut text shows whole in a tooltip, reachable by keyboard', async () => {
    renderAt(1200);
    const cell = (await screen.findByText(LONG)).closest('td') as HTMLElement;
    expect(cell.className).toContain('ant-table-cell-ellipsis');
    expect(cell.getAttribute('title')).toBeNull(); // the tooltip, not the browser's title
    const text = within(cell).getByText(LONG);
    fireEvent.mouseEnter(text);
    await waitFor(() => expect(document.querySelector('.ant-tooltip')?.textContent).toBe(LONG));
    expect(text.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(text, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('.ant-tooltip')?.className).toMatch(/-leave|ant-tooltip-hidden/)); // Esc dismisses it (closing, or closed)

    // text that fits gets no tooltip and no tab stop
    const short = screen.getByText('南京');
    fireEvent.mouseEnter(short);
    expect(short.getAttribute('tabindex')).toBeNull();
  });

  it('draws the row’s buttons as text, without icons', async () => {
    renderAt(1200);
    await screen.findByText('短名');
    const actions = within(table().querySelector('tbody tr[data-row-key="1"]') as HTMLElement);
    expect(actions.getByTestId('l-row-view').textContent).toBe('查看');
    expect(actions.getByTestId('l-row-edit').querySelector('.anticon')).toBeNull();
    expect(actions.getByTestId('l-row-delete').querySelector('.anticon')).toBeNull();
  });
});
