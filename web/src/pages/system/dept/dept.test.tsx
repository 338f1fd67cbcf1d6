import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DeptTreeNode } from '@gsl/contract';
import type { DeptRow } from '../../../api/system/dept';
import { HttpError } from '../../../api/http';
import { renderScreen } from '../../../../test/screens';
import { allIds, deptBody, deptFormValues, forestRows, lazyRows, parentChoices } from './deptLogic';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/system/dept', async (original) => {
  const real = await original<typeof import('../../../api/system/dept')>();
  return {
    ...real,
    getDeptChildren: vi.fn(),
    searchDepts: vi.fn(),
    getDeptTree: vi.fn(),
    deptApi: { ...real.deptApi, submit: vi.fn(), remove: vi.fn() },
  };
});
const { toast } = await import('../../../api/feedback');
const api = await import('../../../api/system/dept');
const { default: DeptPage } = await import('./index');

const dept = (id: string, parentId: string, deptName: string, hasChildren = false): DeptRow => ({
  id,
  tenantId: '000001',
  parentId,
  parentName: null,
  ancestors: '0',
  deptCategory: 1,
  deptCategoryName: '工商联',
  deptName,
  fullName: `${deptName}全称`,
  unionId: `u${id}`,
  regionCode: '320000',
  regionLevel: 1,
  chamberType: null,
  sort: 1,
  remark: null,
  status: 1,
  version: 3,
  createTime: null,
  updateTime: null,
  hasChildren,
});
const node = (id: string, parentId: string, title: string, children: DeptTreeNode[] = []): DeptTreeNode => ({
  id,
  parentId,
  title,
  key: id,
  value: id,
  hasChildren: children.length > 0,
  children,
  deptCategory: 1,
  unionId: null,
  regionLevel: null,
});

const PROVINCE = dept('1', '0', '江苏省工商联', true);
const CITY = dept('2', '1', '南京市工商联', true);
const COUNTY = dept('3', '2', '玄武区工商联');

describe('dept tree logic', () => {
  it('nests loaded children; an unloaded node with children stays expandable; a leaf has no children', () => {
    const rows = lazyRows([PROVINCE, dept('9', '0', '独立机构')], new Map());
    expect(rows[0].children).toEqual([]);
    expect(rows[1]).not.toHaveProperty('children');
    const loaded = lazyRows(
      [PROVINCE],
      new Map([
        ['1', [CITY]],
        ['2', [COUNTY]],
      ]),
    );
    expect(loaded[0].children![0].deptName).toBe('南京市工商联');
    expect(loaded[0].children![0].children![0]).not.toHaveProperty('children');
    expect(allIds(loaded)).toEqual(['1', '2', '3']);
  });

  it('a searched forest drops empty children lists', () => {
    const rows = forestRows([{ ...PROVINCE, children: [{ ...CITY, children: [] }] }]);
    expect(rows[0].children![0]).not.toHaveProperty('children');
  });

  it('the parent choices exclude the edited dept and its subtree, and keep a parent outside the visible tree', () => {
    const forest = [node('1', '0', '江苏省工商联', [node('2', '1', '南京市工商联', [node('3', '2', '玄武区工商联')])])];
    const choices = parentChoices(forest, { id: '2', parentId: '1', parentName: '江苏省工商联' });
    expect(choices[0].disabled).toBeUndefined();
    expect(choices[0].children![0].disabled).toBe(true);
    expect(choices[0].children![0].children![0].disabled).toBe(true);
    const scoped = parentChoices([node('2', '1', '南京市工商联')], { id: '2', parentId: '1', parentName: '江苏省工商联' });
    expect(scoped[0]).toMatchObject({ value: '1', title: '江苏省工商联' });
  });

  it('sends every field back on update, a top-level dept as parentId "", cleared optionals as null', () => {
    const values = deptFormValues(PROVINCE);
    expect(values.parentId).toBeUndefined();
    expect(deptBody({ ...values, remark: '  ', chamberType: undefined, deptName: ' 江苏省工商联 ' })).toEqual({
      parentId: '',
      deptName: '江苏省工商联',
      fullName: '江苏省工商联全称',
      deptCategory: 1,
      unionId: 'u1',
      regionCode: '320000',
      regionLevel: 1,
      chamberType: null,
      sort: 1,
      status: 1,
      remark: null,
    });
  });
});

function renderPage(granted = ['dept_add', 'dept_edit', 'dept_delete', 'dept_view']) {
  renderScreen(<DeptPage />, granted);
}
const rowOf = (name: string) => screen.getByText(name, { exact: true }).closest('tr') as HTMLElement;

describe('机构管理 screen', { timeout: 30_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    vi.mocked(api.getDeptChildren).mockImplementation(async (parentId: string) =>
      parentId === '0' ? [PROVINCE] : parentId === '1' ? [CITY] : parentId === '2' ? [COUNTY] : [],
    );
    vi.mocked(api.searchDepts).mockResolvedValue([{ ...CITY, children: [] }]);
    vi.mocked(api.getDeptTree).mockResolvedValue([node('1', '0', '江苏省工商联', [node('2', '1', '南京市工商联')])]);
    vi.mocked(api.deptApi.submit).mockResolvedValue({ data: CITY, msg: '新增成功' });
    vi.mocked(api.deptApi.remove).mockResolvedValue({ data: null, msg: '删除成功' });
  });

  it('shows the top level, and expanding a row loads its children from lazy-list', async () => {
    renderPage();
    await screen.findByText('江苏省工商联');
    expect(api.getDeptChildren).toHaveBeenCalledWith('0', expect.anything());
    expect(screen.queryByText('南京市工商联')).toBeNull();
    fireEvent.click(rowOf('江苏省工商联').querySelector('.ant-table-row-expand-icon')!);
    await screen.findByText('南京市工商联');
    expect(api.getDeptChildren).toHaveBeenCalledWith('1', expect.anything());
    expect(within(rowOf('南京市工商联')).getByText('工商联')).toBeTruthy();
  });

  it('searches by name through the list call and shows the matches', async () => {
    renderPage();
    await screen.findByText('江苏省工商联');
    fireEvent.change(screen.getByTestId('dept-search-deptName'), { target: { value: ' 南京 ' } });
    fireEvent.click(screen.getByTestId('dept-search-submit'));
    await screen.findByText('南京市工商联');
    expect(api.searchDepts).toHaveBeenCalledWith({ deptName: '南京' }, expect.anything());
    expect(screen.queryByText('江苏省工商联')).toBeNull();
  });

  it('bulk delete needs a selection; a refused delete keeps the rows; a selected one is removed after confirmation', async () => {
    renderPage();
    await screen.findByText('江苏省工商联');
    fireEvent.click(screen.getByTestId('dept-bulk-delete'));
    expect(toast.warning).toHaveBeenCalledWith('请选择至少一条数据');

    vi.mocked(api.deptApi.remove).mockRejectedValueOnce(new HttpError('该机构下存在下级机构,请先删除下级机构', 400, undefined, true));
    fireEvent.click(within(rowOf('江苏省工商联')).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('dept-bulk-delete'));
    await screen.findByText('确定将选择数据删除?');
    fireEvent.click(screen.getByTestId('dept-delete-confirm'));
    await waitFor(() => expect(api.deptApi.remove).toHaveBeenCalledWith(['1']));
    expect(toast.success).not.toHaveBeenCalled();
    expect(screen.getByText('江苏省工商联')).toBeTruthy();

    fireEvent.click(within(rowOf('江苏省工商联')).getByTestId('dept-row-delete'));
    await waitFor(() => expect(screen.getAllByText('确定将选择数据删除?').length).toBeGreaterThan(0));
    const confirms = screen.getAllByTestId('dept-delete-confirm');
    fireEvent.click(confirms[confirms.length - 1]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('删除成功'));
  });

  it('新增子项 opens the form under that dept and submits the parent with the new dept', async () => {
    renderPage();
    await screen.findByText('江苏省工商联');
    fireEvent.click(within(rowOf('江苏省工商联')).getByTestId('dept-row-add-child'));
    const form = await screen.findByTestId('dept-form');
    fireEvent.change(within(form).getByLabelText('机构名称'), { target: { value: '新机构' } });
    fireEvent.change(within(form).getByLabelText('机构全称'), { target: { value: '新机构全称' } });
    fireEvent.click(screen.getByTestId('dept-form-submit'));
    await waitFor(() => expect(api.deptApi.submit).toHaveBeenCalled());
    expect(vi.mocked(api.deptApi.submit).mock.calls[0][0]).toMatchObject({
      parentId: '1',
      deptName: '新机构',
      fullName: '新机构全称',
      deptCategory: 1,
      sort: 1,
      status: 1,
    });
    expect(vi.mocked(api.deptApi.submit).mock.calls[0][0]).not.toHaveProperty('id');
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
  });

  it('编辑 sends the id and the version read', async () => {
    renderPage();
    await screen.findByText('江苏省工商联');
    fireEvent.click(within(rowOf('江苏省工商联')).getByTestId('dept-row-edit'));
    const form = await screen.findByTestId('dept-form');
    expect((within(form).getByLabelText('机构名称') as HTMLInputElement).value).toBe('江苏省工商联');
    fireEvent.click(screen.getByTestId('dept-form-submit'));
    await waitFor(() => expect(api.deptApi.submit).toHaveBeenCalled());
    expect(vi.mocked(api.deptApi.submit).mock.calls[0][0]).toMatchObject({ id: '1', version: 3, parentId: '', unionId: 'u1' });
  });

  it('without the permission codes there is no 新增, 删除 or row button', async () => {
    renderPage([]);
    await screen.findByText('江苏省工商联');
    expect(screen.queryByTestId('dept-add')).toBeNull();
    expect(screen.queryByTestId('dept-bulk-delete')).toBeNull();
    expect(screen.queryByTestId('dept-row-edit')).toBeNull();
    expect(screen.queryByTestId('dept-row-add-child')).toBeNull();
  });
});
