import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RegionNode } from '@gsl/contract';
import { AntdProviders } from '../../../app/AntdProviders';
import { createQueryClient, Providers } from '../../../app/providers';
import { regionTreeData } from './regionLogic';
import { regionNode } from '../../../../test/fixtures';

vi.mock('../../../api/system/region', async (original) => {
  const real = await original<typeof import('../../../api/system/region')>();
  return { ...real, getRegionChildren: vi.fn(), getRegionDetail: vi.fn() };
});
const api = await import('../../../api/system/region');
const { default: RegionPage } = await import('./index');

const region = (code: string, name: string, level: number, hasChildren = true): RegionNode =>
  regionNode(code, name, hasChildren, { parentId: code.slice(0, -2) || '00', level });

describe('region tree data', () => {
  it('nests loaded children and marks nodes without children as leaves', () => {
    const data = regionTreeData(
      [region('32', '江苏省', 1), region('11', '北京市', 1)],
      new Map([['32', [region('3201', '南京市', 2), region('320102', '玄武区', 3, false)]]]),
    );
    expect(data[0].children!.map((n) => n.title)).toEqual(['南京市', '玄武区']);
    expect(data[0].children![1].isLeaf).toBe(true);
    expect(data[1]).not.toHaveProperty('children');
    expect(data[1].isLeaf).toBe(false);
  });
});

describe('行政区划 screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(api.getRegionChildren).mockImplementation(async (parent = '') =>
      parent === ''
        ? [region('32', '江苏省', 1), region('33', '浙江省', 1)]
        : parent === '32'
          ? [region('3201', '南京市', 2), region('3205', '苏州市', 2)]
          : [],
    );
    vi.mocked(api.getRegionDetail).mockResolvedValue({
      code: '3201',
      parentCode: '32',
      parentName: '江苏省',
      name: '南京市',
      level: 2,
      levelName: '市级',
      sort: 1,
      adcode: '320100',
      hasChildren: true,
      isLocal: 0,
      remark: null,
    });
  });

  it('lists the provinces; expanding one loads its cities; selecting a city shows its detail', async () => {
    render(
      <Providers queryClient={createQueryClient()}>
        <AntdProviders>
          <RegionPage />
        </AntdProviders>
      </Providers>,
    );
    await screen.findByText('江苏省');
    expect(screen.getByText('浙江省')).toBeTruthy();
    expect(screen.queryByText('南京市')).toBeNull();
    expect(screen.getByText('请在左侧选择行政区划')).toBeTruthy();

    const switcher = screen.getByText('江苏省').closest('.ant-tree-treenode')!.querySelector('.ant-tree-switcher')!;
    fireEvent.click(switcher);
    await screen.findByText('南京市');
    expect(api.getRegionChildren).toHaveBeenCalledWith('32', expect.anything());
    expect(screen.getByText('苏州市')).toBeTruthy();

    fireEvent.click(screen.getByText('南京市'));
    await waitFor(() => expect(api.getRegionDetail).toHaveBeenCalledWith('3201', expect.anything()));
    const detail = screen.getByTestId('region-detail');
    await waitFor(() => expect(detail.textContent).toContain('市级'));
    expect(detail.textContent).toContain('江苏省（32）');
    expect(detail.textContent).toContain('320100');
  });
});
