import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSOCIATION_PATHS as P } from '@gsl/contract';
import { mockedApi, renderScreen } from '../../../test/screens';
import { treeNode } from '../../../test/fixtures';

vi.mock('../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
vi.mock('../../api/files', async (importOriginal) => ({ ...(await importOriginal<object>()), saveBlob: vi.fn() }));
const { get, request, toast } = await mockedApi();
const files = await import('../../api/files');
vi.setConfig({ testTimeout: 30_000 });
const { default: LeaderPage } = await import('./leader');
const { LeaderPosts, OrgLeadership } = await import('./OrgLeadership');

const TREE = [treeNode('3', '南京市浙江商会', [], { deptCategory: 2, unionId: null, regionLevel: null })];
const ALL = [
  'association_leader',
  'association_leader_add',
  'association_leader_edit',
  'association_leader_delete',
  'association_leader_multiplex',
  'association_leader_export',
  'profile_person',
];

let seq = 0;
const leader = (leaderType: number, name: string, sort: number, year = 2026) => ({
  id: String(++seq),
  deptId: '3',
  deptName: '南京市浙江商会',
  year,
  leaderType,
  leaderTypeName: '',
  personId: String(100 + seq),
  name,
  certType: 1,
  certTypeName: '居民身份证',
  certNo: '320***********0015',
  gender: 1,
  genderName: '男',
  birthDate: null,
  politics: null,
  politicsName: null,
  phone: '139****5678',
  company: '浙江某集团',
  post: null,
  startDate: '2026-01-01',
  endDate: null,
  remark: null,
  sort,
  version: 1,
  createTime: null,
  updateTime: null,
});
/** A valid identity card (GB 11643 check character): born 1980-05-12, male. */
const ID = (() => {
  const body = '32010219800512001';
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * w[i], 0);
  return body + '10X98765432'[sum % 11];
})();
const pageOf = <T,>(records: T[]) => ({ records, total: records.length, size: 5000, current: 1, pages: 1 });

let chairman: ReturnType<typeof leader>;
let vices: Array<ReturnType<typeof leader>>;
const LOWER = {
  deptId: '3',
  deptName: '南京市浙江商会',
  fullName: null,
  deptCategory: 2,
  deptCategoryName: '商会',
  chamberType: 3,
  chamberTypeName: '外省在苏商会',
  parentId: '1',
  parentName: '南京市工商联',
  regionCode: '320100',
  year: 2026,
  chairmanName: '王主席',
  partySecretaryName: null,
  presidentName: null,
  viceChairmanCount: 2,
  vicePresidentCount: 0,
  councilCount: 0,
  secretariatCount: 0,
  leaderCount: 3,
};

const ok = (msg: string, data: unknown = {}) => ({ code: 200, success: true, msg, data });

beforeEach(() => {
  seq = 0;
  chairman = leader(5, '王主席', 1);
  vices = [leader(7, '李副一', 1), leader(7, '赵副二', 2)];
  get.mockReset();
  request.mockReset();
  vi.mocked(toast.success).mockReset();
  vi.mocked(files.saveBlob).mockReset();
  get.mockImplementation((async (url: string, params: Record<string, unknown>) => {
    if (url === '/api/blade-system/dept/dept-tree') return TREE;
    if (url === P.yearList) return [{ year: 2026, leaderCount: 3 }];
    if (params?.year !== 2026 && url !== P.lowerList && url !== P.administrative) return url.endsWith('detail') ? null : pageOf([]);
    if (url === P.chairmanDetail) return chairman;
    if (url === P.partySecretaryDetail || url === P.presidentDetail) return null;
    if (url === P.viceChairmanList) return pageOf(vices);
    if (url === P.vicePresidentList || url === P.leaders) return pageOf([]);
    if (url === P.lowerList) return { records: [LOWER], total: 1, size: Number(params.size), current: Number(params.current), pages: 1 };
    if (url === P.administrative) return [{ id: '1', parentId: '0', deptName: '南京市工商联', fullName: null, regionCode: '320100' }];
    return undefined;
  }) as never);
});

describe('领导班子', () => {
  it('shows the year tabs, the chairman card and the ordered vice-chairmen of the user’s org', async () => {
    renderScreen(<LeaderPage />, ALL);
    await screen.findByTestId('leader-tab-2026');
    const card = await screen.findByTestId('leader-card-5');
    await within(card).findByText('王主席');
    expect(within(screen.getByTestId('leader-card-6')).getByText('暂未设置')).toBeTruthy();
    const table = screen.getByTestId('leader-table-7');
    await within(table).findByText('李副一');
    const names = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent);
    expect(names[0]).toContain('李副一');
    expect(names[1]).toContain('赵副二');
    // the calls named the org and the year
    expect(get).toHaveBeenCalledWith(P.viceChairmanList, expect.objectContaining({ deptId: '3', year: 2026, size: 5000 }), expect.anything());
  });

  it('moves a vice-chairman down with the keyboard-usable button and saves the order through update-sort', async () => {
    request.mockResolvedValue(ok('操作成功', { updated: 2 }) as never);
    renderScreen(<LeaderPage />, ALL);
    const table = await screen.findByTestId('leader-table-7');
    await within(table).findByText('李副一');
    fireEvent.click(within(table).getByRole('button', { name: '下移李副一' }));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [url, opts] = request.mock.calls[0] as [string, { body: unknown }];
    expect(url).toBe(P.leaderUpdateSort);
    expect(opts.body).toEqual({
      aocLeaderUpdateParamList: [
        { id: vices[1].id, sort: 1 },
        { id: vices[0].id, sort: 2 },
      ],
    });
    expect(screen.getByTestId('leader-table-7-announce').textContent).toBe('已将李副一移到第2位');
  });

  it('adds a vice-chairman entered by hand, checked before it is sent', async () => {
    request.mockResolvedValue(ok('新增成功', {}) as never);
    renderScreen(<LeaderPage />, ALL);
    const table = await screen.findByTestId('leader-table-7');
    fireEvent.click(within(table).getByTestId('leader-table-7-add'));
    const dialog = await screen.findByTestId('leader-form-body');
    fireEvent.click(within(dialog).getByText('新录入人员'));
    const certNo = (await within(dialog).findByTestId('leader-form-certNo')) as HTMLInputElement;
    fireEvent.change(within(dialog).getByTestId('leader-form-name'), { target: { value: '孙副三' } });
    fireEvent.change(certNo, { target: { value: `${ID.slice(0, 17)}${ID[17] === '1' ? '2' : '1'}` } });
    fireEvent.click(screen.getByTestId('leader-form-submit'));
    await within(dialog).findByText('身份证号码校验位不正确');
    expect(request).not.toHaveBeenCalled();
    fireEvent.change(certNo, { target: { value: ID } });
    fireEvent.click(screen.getByTestId('leader-form-submit'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [url, opts] = request.mock.calls[0] as [string, { body: Record<string, unknown> }];
    expect(url).toBe(P.submitViceChairman);
    // gender and birth date were read from the card
    expect(opts.body).toMatchObject({ deptId: '3', year: 2026, name: '孙副三', certType: 1, certNo: ID, gender: 1, birthDate: '1980-05-12' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
  });

  it('沿用上届 asks first, then copies the latest earlier team into the year opened', async () => {
    request.mockResolvedValue(ok('操作成功', { fromYear: 2026, toYear: 2027, copied: 3, replaced: 0 }) as never);
    renderScreen(<LeaderPage />, ALL);
    await screen.findByTestId('leader-tab-2026');
    fireEvent.change(screen.getByTestId('leader-other-year').querySelector('input') ?? screen.getByTestId('leader-other-year'), { target: { value: '2027' } });
    fireEvent.click(screen.getByTestId('leader-other-year-open'));
    await screen.findByTestId('leader-tab-2027');
    fireEvent.click(screen.getByTestId('leader-copy'));
    const confirm = await screen.findByTestId('leader-copy-confirm');
    expect(confirm.textContent).toContain('确定将2026年度的领导班子(3人)沿用到2027年度?');
    expect(request).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('leader-copy-ok'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [url, opts] = request.mock.calls[0] as [string, { body: unknown }];
    expect(url).toBe(P.multiplexing);
    expect(opts.body).toEqual({ deptId: '3', deptName: '南京市浙江商会', fromYear: 2026, toYear: 2027, replace: false });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('已将2026年度的3名成员沿用到2027年度'));
  });

  it('lists the orgs below with their current team and exports the filtered list as xlsx', async () => {
    renderScreen(<LeaderPage />, ALL);
    fireEvent.click(await screen.findByTestId('leader-page-tab-lower'));
    const lower = await screen.findByTestId('lower');
    await within(lower).findByText('王主席');
    fireEvent.change(within(lower).getByTestId('lower-search-name'), { target: { value: '浙江' } });
    fireEvent.click(within(lower).getByTestId('lower-search-submit'));
    await waitFor(() => expect(get).toHaveBeenCalledWith(P.lowerList, expect.objectContaining({ name: '浙江', current: 1, size: 10 }), expect.anything()));
    fireEvent.click(within(lower).getByTestId('lower-export'));
    await waitFor(() => expect(files.saveBlob).toHaveBeenCalled());
    expect(get).toHaveBeenCalledWith(P.lowerList, expect.objectContaining({ name: '浙江', current: 1, size: 5000 }), expect.anything());
    const [blob, name] = vi.mocked(files.saveBlob).mock.calls[0];
    expect(name).toMatch(/^下级组织领导班子\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect((blob as Blob).size).toBeGreaterThan(100);
  });

  it('hides the writes without their buttons', async () => {
    renderScreen(<LeaderPage />, ['association_leader']);
    const table = await screen.findByTestId('leader-table-7');
    await within(table).findByText('李副一');
    expect(screen.queryByTestId('leader-copy')).toBeNull();
    expect(within(table).queryByTestId('leader-table-7-add')).toBeNull();
    expect(within(table).queryByRole('button', { name: '下移李副一' })).toBeNull();
  });
});

describe('领导班子 without the person base', () => {
  it('enters the person by hand when the user may not search the person base', async () => {
    renderScreen(<LeaderPage />, ['association_leader', 'association_leader_add']);
    const table = await screen.findByTestId('leader-table-7');
    fireEvent.click(within(table).getByTestId('leader-table-7-add'));
    const dialog = await screen.findByTestId('leader-form-body');
    expect(within(dialog).getByTestId('leader-form-name')).toBeTruthy();
    expect(within(dialog).queryByTestId('leader-form-personId')).toBeNull();
  });

  it('removes a vice-chairman after the confirmation', async () => {
    request.mockResolvedValue(ok('删除成功', null) as never);
    renderScreen(<LeaderPage />, ALL);
    const table = await screen.findByTestId('leader-table-7');
    await within(table).findByText('赵副二');
    fireEvent.click(within(table).getByRole('button', { name: '删除赵副二' }));
    fireEvent.click(await screen.findByTestId('leader-table-7-remove-ok'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [url, opts] = request.mock.calls[0] as [string, { params: unknown }];
    expect(url).toBe(P.removeViceChairman);
    expect(opts.params).toEqual({ ids: vices[1].id });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('删除成功'));
  });
});

describe('组织档案 › 领导班子', () => {
  it('reads the terms, and opens the editor for a user who maintains teams', async () => {
    const base = get.getMockImplementation()!;
    get.mockImplementation((async (url: string, params: Record<string, unknown>) =>
      url === P.orgLeadership ? [{ year: 2026, current: true, leaders: [chairman, ...vices] }] : base(url as never, params as never)) as never);
    renderScreen(<OrgLeadership deptId="3" deptName="南京市浙江商会" />, ['association_leader']);
    const term = await screen.findByTestId('org-leader-term-2026');
    expect(term.textContent).toContain('现任');
    const items = within(term)
      .getAllByTestId('org-leader-leader')
      .map((li) => li.textContent);
    expect(items[0]).toContain('主席王主席');
    expect(items[1]).toContain('李副一');
    fireEvent.click(screen.getByTestId('org-leader-maintain'));
    await screen.findByTestId('org-leader-board-card-5');
    fireEvent.click(screen.getByTestId('org-leader-back'));
    await screen.findByTestId('org-leader-term-2026');
  });
});

describe('领导职务 of a person', () => {
  it('lists every post by year, newest first, and nothing without the menu', () => {
    const { unmount } = renderScreen(
      <LeaderPosts
        posts={[
          { id: '1', deptId: '3', deptName: '南京市浙江商会', year: 2026, leaderType: 5, leaderTypeName: '主席', post: null },
          { id: '2', deptId: '3', deptName: '南京市浙江商会', year: 2027, leaderType: 7, leaderTypeName: '副主席', post: '常务副主席' },
        ]}
      />,
    );
    const items = screen.getAllByTestId('person-leader-post').map((li) => li.textContent);
    expect(items[0]).toContain('2027年');
    expect(items[0]).toContain('副主席(常务副主席)');
    expect(items[1]).toContain('主席');
    unmount();
    renderScreen(<LeaderPosts posts={null} />);
    expect(screen.queryByTestId('person-leader-posts')).toBeNull();
  });
});
