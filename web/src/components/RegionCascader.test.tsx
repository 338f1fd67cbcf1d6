import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers, createQueryClient } from '../app/providers';
import { AntdProviders } from '../app/AntdProviders';
import { RegionCascader, RegionName, pathOf } from './RegionCascader';
import { regionNode } from '../../test/fixtures';

const node = (code: string, name: string, hasChildren: boolean) => regionNode(code, name, hasChildren);
vi.mock('../api/system/region', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  getRegionChildren: vi.fn(async (parent: string) =>
    parent === ''
      ? [node('32', '江苏省', true)]
      : parent === '32'
        ? [node('3201', '南京市', true), node('3205', '苏州市', true)]
        : parent === '3201'
          ? [node('320102', '玄武区', false)]
          : [],
  ),
}));
const { getRegionChildren } = await import('../api/system/region');

describe('RegionCascader', { timeout: 20_000 }, () => {
  it('loads the provinces, then each level on demand; any level is a value (its code, the prefix of the codes under it)', async () => {
    const onChange = vi.fn();
    render(
      <AntdProviders>
        <RegionCascader onChange={onChange} value={undefined} testId="region" />
      </AntdProviders>,
    );
    await waitFor(() => expect(getRegionChildren).toHaveBeenCalledWith('', expect.anything()));
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByText('江苏省'));
    expect(onChange).toHaveBeenLastCalledWith('32');
    fireEvent.click(await screen.findByText('南京市'));
    expect(onChange).toHaveBeenLastCalledWith('3201');
    expect(getRegionChildren).toHaveBeenCalledWith('32');
    await screen.findByText('玄武区');
    expect(getRegionChildren).toHaveBeenCalledWith('3201');
  });
});

describe('RegionCascader with a value from outside', { timeout: 20_000 }, () => {
  it('shows an edited record’s region by name: the levels above it are loaded', async () => {
    render(
      <AntdProviders>
        <RegionCascader value="320102" onChange={vi.fn()} />
      </AntdProviders>,
    );
    await waitFor(() => expect(document.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent).toContain('玄武区'));
    expect(document.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent).toContain('江苏省');
  });
});

describe('a region code padded to six digits, as org records carry it', { timeout: 20_000 }, () => {
  it('counts as its level: 320100 is 南京市, 320000 江苏省', () => {
    expect(pathOf('320100')).toEqual(['32', '3201']);
    expect(pathOf('320000')).toEqual(['32']);
    expect(pathOf('320102')).toEqual(['32', '3201', '320102']);
  });

  it('shows by name in the picker and in read-only views', async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <AntdProviders>
          <RegionCascader value="320100" onChange={vi.fn()} />
          <span data-testid="name">
            <RegionName code="320100" />
          </span>
        </AntdProviders>
      </Providers>,
    );
    await waitFor(() => expect(document.querySelector('.ant-select-content, .ant-select-selection-item')?.textContent).toContain('南京市'));
    await waitFor(() => expect(screen.getByTestId('name').textContent).toBe('江苏省 / 南京市'));
  });
});
