import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockedApi, page, renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
const { get, request, toast } = await mockedApi();
const { default: MemberLogPage } = await import('./log');
const { default: ChamberPage } = await import('./chamber');
const { RepresentativesDrawer } = await import('./Representatives');

beforeEach(() => {
  get.mockReset();
  request.mockReset();
  vi.mocked(toast.success).mockReset();
});

const LOG = {
  id: '900',
  tag: 'group',
  tagName: '团体会员',
  mode: 'update',
  modeName: '修改',
  recordId: '31',
  recordName: '南京市青年商会',
  deptId: '1',
  deptName: null,
  fieldCount: 2,
  createBy: 'nj_aoc',
  createName: '陈思远',
  createTime: '2024-06-01 09:30:00',
  changes: [
    { id: '1', field: 'memberCount', fieldLabel: '会员数量', oldValue: '120', newValue: '150' },
    { id: '2', field: 'remark', fieldLabel: '备注', oldValue: '旧备注', newValue: null },
  ],
};

describe('变更记录 screen', () => {
  it('lists who changed which record’s fields, and searches by record name', async () => {
    get.mockResolvedValue(page([LOG]) as never);
    renderScreen(<MemberLogPage />, ['member_log']);
    const table = await screen.findByTestId('member-log-table');
    await within(table).findByText('南京市青年商会');
    expect(within(table).getByText('团体会员')).toBeTruthy();
    expect(within(table).getByText('陈思远')).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('member-log-change')
        .map((li) => li.textContent),
    ).toEqual(['会员数量：120 → 150', '备注：旧备注 → 空']);
    expect(get).toHaveBeenLastCalledWith('/api/aoc-service/auto/logger/page', { current: 1, size: 10 }, expect.anything());

    fireEvent.change(screen.getByTestId('member-log-recordName'), { target: { value: ' 青年 ' } });
    fireEvent.click(screen.getByTestId('member-log-submit'));
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith('/api/aoc-service/auto/logger/page', { recordName: '青年', current: 1, size: 10 }, expect.anything()),
    );
  });

  it('says so when the history cannot be loaded', async () => {
    get.mockRejectedValue(new Error('boom'));
    renderScreen(<MemberLogPage />, ['member_log']);
    expect(await screen.findByText('数据加载失败')).toBeTruthy();
  });
});

const CHAMBER = {
  id: '51',
  deptId: '1',
  deptName: '省工商联',
  chamberDeptId: null,
  name: '江苏省浙江商会',
  adminName: '江苏省浙江商会',
  chamberType: 3,
  chamberTypeName: '外省在苏商会',
  homeRegion: '浙江',
  version: 2,
};

describe('商会管理 screen', () => {
  it('opens a chamber with its 副会长 (phones as the server masked them)', async () => {
    get.mockImplementation(async (url: string) => {
      if (url.endsWith('/chamber/list')) return page([CHAMBER]) as never;
      if (url.endsWith('/chambercommerce/detail')) return { ...CHAMBER, presidentName: '钱海' } as never;
      if (url.endsWith('/vice-president-list'))
        return [
          {
            id: '7',
            chamberId: '51',
            leaderType: 2,
            leaderTypeName: '副会长',
            name: '孙立',
            post: '副会长',
            company: '杭萧钢构',
            phone: '139****1234',
            sort: 1,
          },
        ] as never;
      return [] as never;
    });
    renderScreen(<ChamberPage />, ['chamber']);
    fireEvent.click(await screen.findByTestId('chamber-open-51'));
    const drawer = await screen.findByTestId('chamber-drawer');
    await within(drawer).findByText('钱海');
    const leaders = await within(drawer).findByTestId('chamber-vice-president-list');
    await within(leaders).findByText('孙立');
    expect(within(leaders).getByText('139****1234')).toBeTruthy();
  });

  it('shows a chamber’s 变更记录 from chambercommerce/log: fields and leader lists old → new, newest first', async () => {
    const CHAMBER_LOG = {
      id: '950',
      tag: 'chamber',
      tagName: '商会',
      mode: 'update',
      modeName: '修改',
      recordId: '51',
      recordName: '江苏省浙江商会',
      deptId: '1',
      deptName: '省工商联',
      fieldCount: 2,
      createBy: 'nj_coc',
      createName: '商会管理员',
      createTime: '2024-07-01 09:00:00',
      changes: [
        { id: '1', field: 'vicePresidents', fieldLabel: '副会长', oldValue: '张三、李四', newValue: '张三、王五' },
        { id: '2', field: 'address', fieldLabel: '地址', oldValue: null, newValue: '南京市鼓楼区中山路100号' },
      ],
    };
    get.mockImplementation(async (url: string) => {
      if (url.endsWith('/chamber/list')) return page([CHAMBER]) as never;
      if (url.endsWith('/chambercommerce/log')) return page([CHAMBER_LOG]) as never;
      return undefined as never;
    });
    renderScreen(<ChamberPage />, ['chamber']);
    fireEvent.click(await screen.findByTestId('chamber-history-51'));
    const drawer = await screen.findByTestId('member-history-drawer');
    expect(within(drawer).getByText('变更记录 - 江苏省浙江商会')).toBeTruthy();
    const history = within(drawer).getByTestId('member-history');
    await within(history).findByText('商会管理员');
    expect(
      within(history)
        .getAllByTestId('member-log-change')
        .map((li) => li.textContent),
    ).toEqual(['副会长：张三、李四 → 张三、王五', '地址：空 → 南京市鼓楼区中山路100号']);
    expect(get).toHaveBeenCalledWith('/api/aoc-service/chambercommerce/log', { id: '51', current: 1, size: 10 }, expect.anything());
    expect(get.mock.calls.some(([url]) => String(url).includes('/auto/logger/'))).toBe(false);
  });

  it('says so when a chamber’s history cannot be loaded, and offers to reload it', async () => {
    get.mockImplementation(async (url: string) => {
      if (url.endsWith('/chamber/list')) return page([CHAMBER]) as never;
      if (url.endsWith('/chambercommerce/log')) throw new Error('boom');
      return undefined as never;
    });
    renderScreen(<ChamberPage />, ['chamber']);
    fireEvent.click(await screen.findByTestId('chamber-history-51'));
    const drawer = await screen.findByTestId('member-history-drawer');
    expect(await within(drawer).findByText('数据加载失败')).toBeTruthy();
    expect(within(drawer).getByText('重新加载')).toBeTruthy();
  });

  it('registers an 外省在苏商会 through save-simple: 登记名称 as name, 商会名称 as chamberName', async () => {
    get.mockImplementation(async () => page([CHAMBER]) as never);
    request.mockResolvedValue({ code: 200, success: true, msg: '新增成功', data: CHAMBER } as never);
    renderScreen(<ChamberPage />, ['chamber', 'chamber_add', 'chamber_edit', 'chamber_delete']);
    fireEvent.click(await screen.findByText('外省在苏商会', { selector: '.ant-tabs-tab-btn' }));
    fireEvent.click(await screen.findByTestId('chamber-in-add'));
    const form = await screen.findByTestId('chamber-in-form');
    fireEvent.change(within(form).getByPlaceholderText('请输入登记名称'), { target: { value: '浙江商会江苏联络处' } });
    fireEvent.change(within(form).getByPlaceholderText('请输入商会名称（不填则同登记名称）'), { target: { value: '江苏省浙江商会' } });
    fireEvent.click(screen.getByTestId('chamber-in-form-submit'));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith(
        '/api/aoc-service/chambercommerceallopatryjiangsu/save-simple',
        expect.objectContaining({ method: 'POST', body: expect.objectContaining({ name: '浙江商会江苏联络处', chamberName: '江苏省浙江商会' }) }),
      ),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
  });
});

describe('会员代表 drawer', () => {
  const REP = {
    id: '3',
    memberId: '11',
    personId: '21',
    title: '首席代表',
    sort: 1,
    name: '王小明',
    certType: 1,
    certNo: '110***********002X',
    phone: '139****0000',
    company: '云帆',
    post: '董事长',
  };

  it('lists the representatives; with the edit code one is removed after confirmation', async () => {
    get.mockResolvedValue([REP] as never);
    request.mockResolvedValue({ code: 200, success: true, msg: '删除成功', data: null } as never);
    renderScreen(<RepresentativesDrawer kind="enterprise" member={{ id: '11', name: '云帆' }} onClose={() => undefined} />, [
      'member_enterprise',
      'member_enterprise_edit',
    ]);
    const table = await screen.findByTestId('rep-table');
    await within(table).findByText('王小明');
    expect(within(table).getByText('110***********002X')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/aoc-service/memberaocenterprise/representative-list', { memberId: '11' }, expect.anything());
    expect(screen.getByTestId('rep-add')).toBeTruthy();
    fireEvent.click(within(table).getByText('移除'));
    fireEvent.click(await screen.findByText('确 定'));
    await waitFor(() =>
      expect(request).toHaveBeenCalledWith('/api/aoc-service/memberaocenterprise/representative-remove', { method: 'POST', params: { ids: '3' } }),
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('删除成功'));
  });

  it('without the edit code offers neither 添加 nor 移除', async () => {
    get.mockResolvedValue([REP] as never);
    renderScreen(<RepresentativesDrawer kind="group" member={{ id: '11', name: '商会' }} onClose={() => undefined} />, ['member_group']);
    await within(await screen.findByTestId('rep-table')).findByText('王小明');
    expect(screen.queryByTestId('rep-add')).toBeNull();
    expect(screen.queryByText('移除')).toBeNull();
  });
});
