import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { idCardCheckChar } from '@gsl/contract';
import { mockedApi, page, renderScreen } from '../../../../../test/screens';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
const { get, request, toast } = await mockedApi();
// Big forms render slowly on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });
const { default: PersonBasePage } = await import('./index');

const PB = '/api/aoc-service/personbase';
const PERSON = {
  id: '51',
  unionId: 'P0001',
  deptId: '1',
  deptName: '南京市工商联',
  name: '张建国',
  certType: 1,
  certTypeName: '居民身份证',
  certNo: '320***********1234',
  gender: 1,
  genderName: '男',
  birthDate: '1980-05-12',
  politics: 1,
  politicsName: '中共党员',
  education: 3,
  educationName: '大学本科',
  degree: null,
  degreeName: null,
  phone: '139****5678',
  company: '南京某科技有限公司',
  post: '总经理',
  visibility: 2,
  visibilityName: '本组织及上级可见',
  nationality: '中国',
  nativePlace: '江苏南京',
  domicileAddress: null,
  homeAddress: null,
  photo: null,
  remark: null,
  version: 2,
  createTime: '2024-06-01 10:00:00',
  updateTime: '2024-06-02 10:00:00',
};
const EXPERIENCE = {
  id: '71',
  personId: '51',
  deptId: '1',
  kind: 1,
  kindName: '工作经历',
  startDate: '2005-07-01',
  endDate: null,
  orgName: '南京某科技有限公司',
  title: '总经理',
  detail: null,
  sort: 0,
  version: 1,
};
const HISTORY = {
  id: '91',
  tag: 'personbase',
  tagName: '人员库',
  mode: 'update',
  modeName: '修改',
  recordId: '51',
  recordName: '张建国',
  deptId: '1',
  deptName: '南京市工商联',
  fieldCount: 1,
  createBy: 'nj_aoc',
  createName: '南京市工商联管理员',
  createTime: '2024-06-02 10:00:00',
  changes: [{ id: '92', field: 'post', fieldLabel: '职务', oldValue: '副总经理', newValue: '总经理' }],
};
const ALL = ['profile_person', 'profile_person_add', 'profile_person_edit', 'profile_person_delete', 'profile_person_view'];

const renderWith = (granted: string[]) => renderScreen(<PersonBasePage />, granted);

const answer = async (url: string) => {
  if (url === `${PB}/list`) return page([PERSON]);
  if (url === `${PB}/detail`) return PERSON;
  if (url === `${PB}/experience/list`) return [EXPERIENCE];
  if (url === `${PB}/log`) return page([HISTORY]);
  if (url.endsWith('/list')) return [];
  return undefined;
};

beforeEach(() => {
  get.mockReset();
  request.mockReset();
  vi.mocked(toast.success).mockReset();
  get.mockImplementation(answer as never);
});

describe('人员库', () => {
  it('lists persons with the numbers as the server masked them and searches the certificate number exactly, from page 1', async () => {
    renderWith(ALL);
    const table = await screen.findByTestId('personbase-table');
    await within(table).findByText('张建国');
    expect(within(table).getByText('320***********1234')).toBeTruthy();
    expect(within(table).getByText('139****5678')).toBeTruthy();
    expect(within(table).getByText('本组织及上级可见')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`${PB}/list`, { current: 1, size: 10 }, expect.anything());

    fireEvent.change(screen.getByTestId('personbase-search-certNo'), { target: { value: ' 32010219800512101X ' } });
    fireEvent.click(screen.getByTestId('personbase-search-submit'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith(`${PB}/list`, { certNo: '32010219800512101X', current: 1, size: 10 }, expect.anything()));
  });

  it('adds a person: a wrong checksum is refused with the contract’s message, a valid number is sent with the permission setting', async () => {
    request.mockResolvedValue({ code: 200, success: true, msg: '新增成功', data: PERSON } as never);
    renderWith(ALL);
    fireEvent.click(await screen.findByTestId('personbase-add'));
    const dialog = await screen.findByTestId('personbase-form');
    fireEvent.change(within(dialog).getByTestId('personbase-form-name'), { target: { value: '王晓明' } });
    const body = '32010219800512101';
    const wrong = body + (idCardCheckChar(body) === '1' ? '2' : '1');
    fireEvent.change(within(dialog).getByTestId('personbase-form-certNo'), { target: { value: wrong } });
    fireEvent.click(screen.getByTestId('personbase-form-submit'));
    await within(dialog).findByText('身份证号码校验位不正确');
    expect(request).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByTestId('personbase-form-certNo'), { target: { value: body + idCardCheckChar(body) } });
    fireEvent.click(screen.getByTestId('personbase-form-submit'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [url, opts] = request.mock.calls[0] as [string, { body: Record<string, unknown> }];
    expect(url).toBe(`${PB}/submit`);
    expect(opts.body).toEqual({ name: '王晓明', certType: 1, certNo: body + idCardCheckChar(body), visibility: 2 });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('新增成功'));
  });

  it('edit sends id and version; the masked number goes back unchanged (the server keeps it)', async () => {
    request.mockResolvedValue({ code: 200, success: true, msg: '更新成功', data: PERSON } as never);
    renderWith(ALL);
    const table = await screen.findByTestId('personbase-table');
    await within(table).findByText('张建国');
    fireEvent.click(within(table).getByTestId('personbase-row-edit'));
    const dialog = await screen.findByTestId('personbase-form');
    fireEvent.change(within(dialog).getByTestId('personbase-form-post'), { target: { value: '董事长' } });
    fireEvent.click(screen.getByTestId('personbase-form-submit'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [, opts] = request.mock.calls[0] as [string, { body: Record<string, unknown> }];
    expect(opts.body).toMatchObject({ id: '51', version: 2, post: '董事长', certNo: '320***********1234', birthDate: '1980-05-12', photo: null });
  });

  it('opens the profile with its 履历 and adds a row for this person', async () => {
    request.mockResolvedValue({ code: 200, success: true, msg: '新增成功', data: EXPERIENCE } as never);
    renderWith(ALL);
    fireEvent.click(await screen.findByTestId('personbase-open-51'));
    const drawer = await screen.findByTestId('person-profile');
    await within(drawer).findByText('江苏南京');
    fireEvent.click(within(drawer).getByTestId('person-profile-tab-experience'));
    const rows = await within(drawer).findByTestId('person-experience-table');
    await within(rows).findByText('工作经历');
    expect(get).toHaveBeenCalledWith(`${PB}/experience/list`, { personId: '51' }, expect.anything());

    fireEvent.click(within(drawer).getByTestId('person-experience-add'));
    const form = await screen.findByTestId('person-experience-form');
    fireEvent.click(screen.getByTestId('person-experience-form-submit'));
    await within(form).findByText('请选择经历类型');
    await within(form).findByText('请输入单位或学校');
    expect(request).not.toHaveBeenCalled();
  });

  it('the profile’s 变更记录 shows who changed which field from what to what', async () => {
    renderWith(['profile_person']);
    fireEvent.click(await screen.findByTestId('personbase-open-51'));
    const drawer = await screen.findByTestId('person-profile');
    await within(drawer).findByText('江苏南京');
    fireEvent.click(within(drawer).getByTestId('person-profile-tab-history'));
    const change = await within(drawer).findByTestId('member-log-change');
    expect(change.textContent).toBe('职务：副总经理 → 总经理');
    expect(within(drawer).getByText('南京市工商联管理员')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(`${PB}/log`, { id: '51', current: 1, size: 10 }, expect.anything());
  });

  it('without the write codes shows no 新增, 编辑, 删除 and no section writes', async () => {
    renderWith(['profile_person']);
    const table = await screen.findByTestId('personbase-table');
    await within(table).findByText('张建国');
    expect(screen.queryByTestId('personbase-add')).toBeNull();
    expect(screen.queryByTestId('personbase-bulk-delete')).toBeNull();
    expect(within(table).queryByTestId('personbase-row-edit')).toBeNull();
    fireEvent.click(within(table).getByTestId('personbase-profile-51'));
    const drawer = await screen.findByTestId('person-profile');
    fireEvent.click(await within(drawer).findByTestId('person-profile-tab-honour'));
    await within(drawer).findByTestId('person-honour-empty');
    expect(within(drawer).queryByTestId('person-honour-add')).toBeNull();
  });

  it('the profile’s 基本信息 shows the person’s 会员身份: member records and the enterprises and groups represented', async () => {
    const MEMBERSHIPS = [
      {
        id: '801',
        name: '张建国',
        deptId: '1',
        deptName: '南京市工商联',
        status: 1,
        statusName: '正常',
        representatives: [
          { id: '5', memberKind: 'enterprise', memberKindName: '企业会员', memberId: '11', memberName: '南京某科技有限公司', title: '法定代表人' },
          { id: '6', memberKind: 'group', memberKindName: '团体会员', memberId: '12', memberName: '南京市软件行业协会', title: null },
        ],
      },
    ];
    get.mockImplementation((async (url: string) => (url === `${PB}/detail` ? { ...PERSON, memberships: MEMBERSHIPS } : answer(url))) as never);
    renderWith(['profile_person']);
    fireEvent.click(await screen.findByTestId('personbase-open-51'));
    const block = await within(await screen.findByTestId('person-profile')).findByTestId('person-memberships');
    expect(within(block).getByText('会员身份')).toBeTruthy();
    const [membership] = within(block).getAllByTestId('person-membership');
    expect(membership.textContent).toContain('个人会员：张建国');
    expect(within(membership).getByText('南京市工商联')).toBeTruthy();
    expect(within(membership).getByText('正常')).toBeTruthy();
    expect(
      within(block)
        .getAllByTestId('person-membership-rep')
        .map((li) => li.textContent),
    ).toEqual(['企业会员代表：南京某科技有限公司（法定代表人）', '团体会员代表：南京市软件行业协会']);
  });

  it('says 暂无会员身份 when there is none, and shows no block when the server gives none (no 个人会员 menu)', async () => {
    get.mockImplementation((async (url: string) => (url === `${PB}/detail` ? { ...PERSON, memberships: [] } : answer(url))) as never);
    const first = renderWith(['profile_person']);
    fireEvent.click(await screen.findByTestId('personbase-open-51'));
    const drawer = await screen.findByTestId('person-profile');
    expect(await within(drawer).findByTestId('person-memberships-empty')).toBeTruthy();
    expect(within(drawer).getByText('暂无会员身份')).toBeTruthy();
    first.unmount();

    get.mockImplementation((async (url: string) => (url === `${PB}/detail` ? { ...PERSON, memberships: null } : answer(url))) as never);
    renderWith(['profile_person']);
    fireEvent.click(await screen.findByTestId('personbase-open-51'));
    const again = await screen.findByTestId('person-profile');
    await within(again).findByText('江苏南京');
    expect(within(again).queryByTestId('person-memberships')).toBeNull();
  });
});
