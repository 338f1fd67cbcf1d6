import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fieldProblem } from '../../../../test/rules';
import dayjs from 'dayjs';
import { CODE_MSG, MEMBER_MSG } from '@gsl/contract';
import { mockedApi, page, renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
const { get, request, toast } = await mockedApi();
const { countBars, default: DatabaseHome } = await import('./home');
const { memberBody, memberFields, memberFormValues } = await import('./kinds');
const { logQuery } = await import('./log');
const { MemberListPage } = await import('./MemberListPage');

const firstProblem = (kind: 'enterprise' | 'person', name: string, value: unknown, form: Record<string, unknown> = {}) =>
  fieldProblem(memberFields(kind), name, value, form);

const ENTERPRISE = {
  id: '11',
  deptId: '1',
  deptName: '省工商联',
  regionName: null,
  name: '苏州云帆科技有限公司',
  creditCode: '91350100M000100Y43',
  legalPerson: '张三',
  memberType: 1,
  memberTypeName: '民营企业',
  contactName: '李四',
  contactPhone: '138****5678',
  memberLevel: 1,
  memberLevelName: '会员',
  joinDate: '2024-03-01',
  status: 1,
  statusName: '正常',
  version: 3,
  createTime: '2024-03-01 10:00:00',
  updateTime: null,
};

beforeEach(() => {
  get.mockReset();
  request.mockReset();
  vi.mocked(toast.success).mockReset();
});

describe('member forms', () => {
  it('checks the credit code with its checksum and the person certificate against its type, with the server’s messages', async () => {
    expect(await firstProblem('enterprise', 'name', undefined)).toBe(MEMBER_MSG.enterpriseName);
    expect(await firstProblem('enterprise', 'creditCode', '91350100M000100Y44')).toBe(CODE_MSG.creditCheck);
    expect(await firstProblem('enterprise', 'creditCode', '91350100M000100Y43')).toBeNull();
    expect(await firstProblem('enterprise', 'contactPhone', '1381234567')).not.toBeNull();
    expect(await firstProblem('enterprise', 'contactPhone', '138****5678')).toBeNull(); // the masked number sent back keeps the stored one
    expect(await firstProblem('person', 'certNo', '110105194912310021', { certType: 1 })).toBe(CODE_MSG.idCheck);
    expect(await firstProblem('person', 'certNo', '11010519491231002X', { certType: 1 })).toBeNull();
    expect(await firstProblem('person', 'certNo', 'E12345678', { certType: 2 })).toBeNull();
  });

  it('sends dates as yyyy-MM-dd and, on an update, an emptied field as null (it is cleared); a new record leaves it out', () => {
    const values = { name: ' 新名称 ', joinDate: dayjs('2024-05-06'), legalPerson: '', scale: undefined, memberCount: 3 };
    expect(memberBody(values, true)).toEqual({ name: '新名称', joinDate: '2024-05-06', legalPerson: null, scale: null, memberCount: 3 });
    expect(memberBody(values, false)).toEqual({ name: '新名称', joinDate: '2024-05-06', memberCount: 3 });
    const form = memberFormValues('enterprise', ENTERPRISE);
    expect(dayjs.isDayjs(form.joinDate) && (form.joinDate as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('2024-05-06'.replace('05-06', '03-01'));
    expect(form.contactPhone).toBe('138****5678');
  });

  it('builds the change-history query: tags comma-separated, empty fields dropped, the day range inclusive', () => {
    expect(logQuery({ tags: ['enterprise', 'person'], mode: '', recordName: '  ', range: [dayjs('2024-01-02'), dayjs('2024-01-03')] })).toEqual({
      tags: 'enterprise,person',
      createTime_dategt: '2024-01-02 00:00:00',
      createTime_datelt: '2024-01-03 23:59:59',
    });
  });

  it('draws each kind’s bar against the largest kind', () => {
    expect(countBars({ total: 150, enterprise: 100, group: 0, person: 50 }).map((b) => [b.label, b.percent])).toEqual([
      ['企业会员', 100],
      ['团体会员', 0],
      ['个人会员', 50],
    ]);
    expect(countBars(undefined).every((b) => b.percent === 0)).toBe(true);
  });
});

describe('企业会员 screen', () => {
  const ALL = ['member_enterprise', 'member_enterprise_add', 'member_enterprise_edit', 'member_enterprise_delete', 'member_log'];

  it('lists members with the phone as the server masked it; edit sends id, version and the changed name to update and says 更新成功', async () => {
    get.mockImplementation(async (url: string) => (url.endsWith('/memberaocenterprise/page') ? page([ENTERPRISE]) : undefined) as never);
    request.mockResolvedValue({ code: 200, success: true, msg: '更新成功', data: { ...ENTERPRISE, name: '苏州云帆科技股份有限公司', version: 4 } } as never);
    renderScreen(<MemberListPage kind="enterprise" />, ALL);
    const row = await screen.findByText('苏州云帆科技有限公司');
    expect(screen.getByText('138****5678')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/aoc-service/memberaocenterprise/page', expect.objectContaining({ current: 1, size: 10 }), expect.anything());
    expect(screen.getByTestId('enterprise-add')).toBeTruthy();

    fireEvent.click(within(row.closest('tr') as HTMLElement).getByTestId('enterprise-row-edit'));
    const dialog = await screen.findByTestId('enterprise-form');
    const name = within(dialog).getByDisplayValue('苏州云帆科技有限公司');
    fireEvent.change(name, { target: { value: '苏州云帆科技股份有限公司' } });
    fireEvent.click(screen.getByTestId('enterprise-form-submit'));
    await waitFor(() => expect(request).toHaveBeenCalled());
    const [url, opts] = request.mock.calls[0] as [string, { body: Record<string, unknown> }];
    expect(url).toBe('/api/aoc-service/memberaocenterprise/update');
    expect(opts.body).toMatchObject({
      id: '11',
      version: 3,
      name: '苏州云帆科技股份有限公司',
      creditCode: '91350100M000100Y43',
      joinDate: '2024-03-01',
      contactPhone: '138****5678',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('更新成功'));
  });

  it('shows a record’s 变更记录: who, when and each field from old to new', async () => {
    get.mockImplementation(async (url: string, params?: Record<string, unknown>) => {
      if (url.endsWith('/memberaocenterprise/page')) return page([ENTERPRISE]) as never;
      if (url.endsWith('/auto/logger/page')) {
        expect(params).toMatchObject({ tags: 'enterprise', recordId: '11' });
        return page([
          {
            id: '900',
            tag: 'enterprise',
            tagName: '企业会员',
            mode: 'update',
            modeName: '修改',
            recordId: '11',
            recordName: ENTERPRISE.name,
            deptId: '1',
            deptName: null,
            fieldCount: 1,
            createBy: 'admin',
            createName: '管理员',
            createTime: '2024-06-01 09:30:00',
            changes: [{ id: '1', field: 'name', fieldLabel: '企业名称', oldValue: '旧名称', newValue: '苏州云帆科技有限公司' }],
          },
        ]) as never;
      }
      return undefined as never;
    });
    renderScreen(<MemberListPage kind="enterprise" />, ALL);
    fireEvent.click(await screen.findByTestId('enterprise-history-11'));
    const history = await screen.findByTestId('member-history');
    await within(history).findByText('管理员');
    expect(within(history).getByText('2024-06-01 09:30:00')).toBeTruthy();
    const change = within(history).getByTestId('member-log-change');
    expect(change.textContent).toBe('企业名称：旧名称 → 苏州云帆科技有限公司');
  });

  it('without the write codes shows no 新增, 编辑, 删除, and without member_log no 变更记录', async () => {
    get.mockImplementation(async (url: string) => (url.endsWith('/page') ? page([ENTERPRISE]) : undefined) as never);
    renderScreen(<MemberListPage kind="enterprise" />, ['member_enterprise']);
    await screen.findByText('苏州云帆科技有限公司');
    expect(screen.queryByTestId('enterprise-add')).toBeNull();
    expect(screen.queryByTestId('enterprise-row-edit')).toBeNull();
    expect(screen.queryByTestId('enterprise-row-delete')).toBeNull();
    expect(screen.queryByTestId('enterprise-history-11')).toBeNull();
    expect(screen.getByTestId('enterprise-reps-11')).toBeTruthy();
  });
});

describe('个人会员 detail: the person profile (人员库)', () => {
  const PERSON_MEMBER = {
    id: '31',
    deptId: '1',
    deptName: '南京市工商联',
    regionName: null,
    name: '张建国',
    certType: 1,
    certTypeName: '居民身份证',
    certNo: '320***********1234',
    gender: 1,
    genderName: '男',
    phone: '139****5678',
    status: 1,
    statusName: '正常',
    version: 1,
    createTime: '2024-06-01 10:00:00',
    updateTime: null,
  };
  const PROFILE = {
    id: '51',
    unionId: 'P0001',
    deptId: '1',
    deptName: '南京市工商联',
    name: '张建国',
    certType: 1,
    certTypeName: '居民身份证',
    certNo: '320***********1234',
    nativePlace: '江苏南京',
    visibility: 2,
    visibilityName: '本组织及上级可见',
    version: 2,
    createTime: '2024-06-01 10:00:00',
    updateTime: null,
    memberships: [{ id: '31', name: '张建国', deptId: '1', deptName: '南京市工商联', status: 1, statusName: '正常', representatives: [] }],
  };
  const answer = (member: Record<string, unknown>) => async (url: string) => {
    if (url.endsWith('/memberaocperson/page')) return page([member]);
    if (url.endsWith('/memberaocperson/detail')) return member;
    if (url.endsWith('/personbase/detail')) return PROFILE;
    if (url.endsWith('/personbase/log')) return page([]);
    return undefined;
  };

  it('offers 查看人员档案 when the server links a person-base record, and opens that profile with its 会员身份', async () => {
    get.mockImplementation(answer({ ...PERSON_MEMBER, personBaseId: '51', personBaseUnionId: 'P0001' }) as never);
    renderScreen(<MemberListPage kind="person" />, ['member_person', 'profile_person']);
    fireEvent.click(await screen.findByTestId('member-open-31'));
    const detail = await screen.findByTestId('member-detail');
    fireEvent.click(await within(detail).findByTestId('member-detail-person-profile'));
    const profile = await screen.findByTestId('person-profile', {}, { timeout: 10_000 });
    await within(profile).findByText('江苏南京');
    expect(get).toHaveBeenCalledWith('/api/aoc-service/personbase/detail', { id: '51' }, expect.anything());
    const block = within(profile).getByTestId('person-memberships');
    expect(within(block).getByTestId('person-membership').textContent).toContain('个人会员：张建国');
  });

  it('shows no link when the server gives none (no record, or not visible to the user)', async () => {
    get.mockImplementation(answer({ ...PERSON_MEMBER, personBaseId: null, personBaseUnionId: null }) as never);
    renderScreen(<MemberListPage kind="person" />, ['member_person', 'profile_person']);
    fireEvent.click(await screen.findByTestId('member-open-31'));
    const detail = await screen.findByTestId('member-detail');
    await within(detail).findByText('320***********1234');
    expect(within(detail).queryByTestId('member-detail-person-profile')).toBeNull();
    expect(get.mock.calls.some(([url]) => String(url).includes('/personbase/'))).toBe(false);
  });
});

describe('member export', () => {
  const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  it('exports the current search (POST export-member-enterprise with the filters), shows the bytes received and saves the file', async () => {
    get.mockImplementation(async (url: string) => (url.endsWith('/page') ? page([ENTERPRISE]) : undefined) as never);
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new Uint8Array(1500));
        c.enqueue(new Uint8Array(700));
        c.close();
      },
    });
    const fetchMock = vi.fn(
      async () =>
        new Response(body, {
          status: 200,
          headers: {
            'content-type': XLSX,
            'content-disposition': `attachment; filename="m.xlsx"; filename*=UTF-8''${encodeURIComponent('企业会员_20260101.xlsx')}`,
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:x');
    const original = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    try {
      renderScreen(<MemberListPage kind="enterprise" />, ['member_enterprise', 'member_enterprise_export']);
      await screen.findByText('苏州云帆科技有限公司');
      fireEvent.change(screen.getByTestId('enterprise-search-name'), { target: { value: '云帆' } });
      fireEvent.click(screen.getByTestId('enterprise-search-submit'));
      await waitFor(() =>
        expect(get).toHaveBeenCalledWith('/api/aoc-service/memberaocenterprise/page', expect.objectContaining({ name: '云帆' }), expect.anything()),
      );
      fireEvent.click(screen.getByTestId('enterprise-export'));
      await waitFor(() => expect(toast.success).toHaveBeenCalledWith('导出成功'));
      const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
      expect(url.split('?')[0]).toBe('/api/aoc-service/memberaocenterprise/export-member-enterprise');
      expect(new URLSearchParams(url.split('?')[1]).get('name')).toBe('云帆');
      expect(init.method).toBe('POST');
      expect(saved).toEqual(['企业会员_20260101.xlsx']);
      expect(createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ size: 2200 }));
    } finally {
      click.mockRestore();
      Object.assign(URL, original);
      vi.unstubAllGlobals();
    }
  });

  it('shows 导出 only with the export code, and tells the server’s message when the export is refused', async () => {
    get.mockImplementation(async (url: string) => (url.endsWith('/page') ? page([ENTERPRISE]) : undefined) as never);
    const first = renderScreen(<MemberListPage kind="enterprise" />, ['member_enterprise']);
    await screen.findByText('苏州云帆科技有限公司');
    expect(screen.queryByTestId('enterprise-export')).toBeNull();
    first.unmount();

    const refusal = JSON.stringify({ code: 400, success: false, data: null, msg: '导出数据共300000条,超过单次导出上限200000条,请缩小筛选范围后再导出' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(refusal, { status: 400, headers: { 'content-type': 'application/json' } })),
    );
    try {
      renderScreen(<MemberListPage kind="person" />, ['member_person', 'member_person_export']);
      fireEvent.click(await screen.findByTestId('person-export'));
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith('导出数据共300000条,超过单次导出上限200000条,请缩小筛选范围后再导出'));
      expect(toast.success).not.toHaveBeenCalled();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('member import', () => {
  it.each([
    ['group', '团体会员'],
    ['person', '个人会员'],
  ] as const)('%s: shows 导入 only with its import code, and opens the %s import dialog', async (kind, label) => {
    get.mockImplementation(async (url: string) => (url.endsWith('/page') ? page([]) : undefined) as never);
    const without = renderScreen(<MemberListPage kind={kind} />, [`member_${kind}`, `member_${kind}_export`]);
    await screen.findByTestId(`${kind}-export`);
    expect(screen.queryByTestId(`${kind}-import`)).toBeNull();
    without.unmount();

    renderScreen(<MemberListPage kind={kind} />, [`member_${kind}`, `member_${kind}_import`]);
    fireEvent.click(await screen.findByTestId(`${kind}-import`));
    const dialog = await screen.findByTestId(`${kind}-import-dialog`);
    expect(screen.getByText(`${label}导入`)).toBeTruthy();
    expect(within(dialog).getByTestId(`${kind}-import-template`)).toBeTruthy();
  });
});

describe('数据库查询 home', () => {
  it('shows the member figures and searches the chosen kind by name, opening a result’s detail', async () => {
    get.mockImplementation(async (url: string) => {
      if (url.endsWith('/member/member-count')) return { total: 6, enterprise: 3, group: 1, person: 2 } as never;
      if (url.endsWith('/memberaocperson/page'))
        return page([{ ...ENTERPRISE, id: '21', name: '王小明', certNo: '110***********002X', phone: '139****0000' }]) as never;
      if (url.endsWith('/memberaocperson/detail'))
        return { ...ENTERPRISE, id: '21', name: '王小明', certNo: '110***********002X', phone: '139****0000' } as never;
      return page([]) as never;
    });
    renderScreen(<DatabaseHome />, ['portal_database', 'member_enterprise', 'member_person']);
    await waitFor(() => expect(screen.getByTestId('db-count-total').textContent).toContain('6'));
    expect(screen.getByTestId('db-count-enterprise').textContent).toContain('3');
    expect((screen.getByTestId('db-bar-person') as HTMLElement).style.width).toBe('66.7%');
    // 团体会员 is not granted: its type is not offered
    expect(within(screen.getByTestId('db-type')).queryByText('团体会员')).toBeNull();

    fireEvent.click(within(screen.getByTestId('db-type')).getByText('个人会员'));
    const box = screen.getByPlaceholderText('请输入姓名');
    fireEvent.change(box, { target: { value: ' 王 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(get).toHaveBeenCalledWith('/api/aoc-service/memberaocperson/page', expect.objectContaining({ name: '王', current: 1 }), expect.anything()),
    );
    fireEvent.click(await screen.findByTestId('member-open-21'));
    const detail = await screen.findByTestId('member-detail');
    await within(detail).findByText('110***********002X');
  });

  it('a chamber found by the search opens its 变更记录 (chambercommerce/log) for a user holding 商会管理', async () => {
    get.mockImplementation(async (url: string) => {
      if (url.endsWith('/member/member-count')) return { total: 0, enterprise: 0, group: 0, person: 0 } as never;
      if (url.endsWith('/chamber/list'))
        return page([
          { id: '51', deptId: '1', deptName: '省工商联', name: '江苏省浙江商会', chamberType: 3, chamberTypeName: '外省在苏商会', version: 2 },
        ]) as never;
      if (url.endsWith('/chambercommerce/log'))
        return page([
          {
            id: '9',
            tag: 'chamber',
            tagName: '商会',
            mode: 'update',
            modeName: '修改',
            recordId: '51',
            recordName: '江苏省浙江商会',
            deptId: '1',
            deptName: '省工商联',
            fieldCount: 1,
            createBy: 'js_aoc',
            createName: '省工商联管理员',
            createTime: '2026-11-01 10:00:00',
            changes: [{ id: '10', field: 'presidentName', fieldLabel: '会长', oldValue: '钱海', newValue: '孙立' }],
          },
        ]) as never;
      return page([]) as never;
    });
    renderScreen(<DatabaseHome />, ['portal_database', 'chamber']);
    fireEvent.click(await within(screen.getByTestId('db-type')).findByText('商会'));
    fireEvent.click(await screen.findByTestId('chamber-history-51'));
    const change = await screen.findByTestId('member-log-change');
    expect(change.textContent).toBe('会长：钱海 → 孙立');
    expect(get).toHaveBeenCalledWith('/api/aoc-service/chambercommerce/log', expect.objectContaining({ id: '51', current: 1 }), expect.anything());
  });
});
