import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { LeaderView, LowerView } from '@gsl/contract';
import {
  countOf,
  defaultYear,
  findOrg,
  firstOrg,
  fromIdCard,
  leaderBody,
  lowerQuery,
  lowerSheetRows,
  moveItem,
  orgChoices,
  problemOf,
  sourceYearFor,
  termText,
  termsOf,
  yearTabs,
} from './leaderLogic';
import { baseBody, baseFormValues, termName } from './base/baseLogic';

/** A valid identity card (GB 11643 check character): born 1980-05-12, male (odd 17th digit). */
const ID = (() => {
  const body = '32010219800512001';
  const w = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, c, i) => s + Number(c) * w[i], 0);
  return body + '10X98765432'[sum % 11];
})();

const Y = (year: number, leaderCount: number) => ({ year, leaderCount });

describe('year tabs and 沿用上届', () => {
  it('shows the years with a team and the one opened, in order', () => {
    expect(yearTabs([Y(2026, 3), Y(2024, 5), Y(2025, 0)], 2027).map((y) => y.year)).toEqual([2024, 2026, 2027]);
    expect(yearTabs([Y(2026, 3)], 2026)).toEqual([Y(2026, 3)]);
    expect(yearTabs([], undefined)).toEqual([]);
  });

  it('opens this year when it has a team, else the latest with one, else this year', () => {
    expect(defaultYear([Y(2024, 2), Y(2026, 3)], 2026)).toBe(2026);
    expect(defaultYear([Y(2021, 2), Y(2023, 3)], 2026)).toBe(2023);
    expect(defaultYear([], 2026)).toBe(2026);
    expect(defaultYear([Y(2026, 0)], 2025)).toBe(2025);
  });

  it('copies from the latest earlier year with a team, else the earliest later one', () => {
    expect(sourceYearFor([Y(2021, 4), Y(2026, 3), Y(2025, 0)], 2027)).toEqual(Y(2026, 3));
    expect(sourceYearFor([Y(2026, 3)], 2026)).toBeUndefined();
    expect(sourceYearFor([Y(2028, 3), Y(2030, 1)], 2027)).toEqual(Y(2028, 3));
    expect(countOf([Y(2026, 3)], 2026)).toBe(3);
    expect(countOf([Y(2026, 3)], 2027)).toBe(0);
  });
});

describe('moving a member', () => {
  it('moves up, down and by dragging, and leaves the list alone out of range', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 9)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('the leader form', () => {
  const where = { deptId: '3', year: 2026 };

  it('sends a picked person by personId and an entered one by name and numbers, with id and version on update', () => {
    expect(leaderBody({ source: 'pick', personId: '77', post: ' 常务副会长 ', startDate: dayjs('2026-01-01') }, where)).toEqual({
      deptId: '3',
      year: 2026,
      personId: '77',
      company: null,
      post: '常务副会长',
      startDate: '2026-01-01',
      endDate: null,
      remark: null,
    });
    const body = leaderBody({ source: 'new', name: ' 张三 ', certNo: ID.toLowerCase(), phone: '13912345678' }, where, { id: '5', version: 2 });
    expect(body).toMatchObject({ id: '5', version: 2, name: '张三', certType: 1, certNo: ID, phone: '13912345678', gender: null });
  });

  it('checks as §5 and the contract do: name and number required, the card’s check character, gender and birth date against it', () => {
    expect(problemOf({ source: 'new' }, 'name', false)).toBe('请输入姓名');
    expect(problemOf({ source: 'new', name: '张三' }, 'certNo', false)).toBe('请输入证件号码');
    expect(problemOf({ source: 'new', name: '张三', certNo: `${ID.slice(0, 17)}${ID[17] === '1' ? '2' : '1'}` }, 'certNo', false)).toBe(
      '身份证号码校验位不正确',
    );
    expect(problemOf({ source: 'new', name: '张三', certNo: ID }, 'certNo', false)).toBeNull();
    expect(problemOf({ source: 'new', name: '张三', certNo: ID, gender: 2 }, 'gender', false)).toBe('性别与身份证号码不一致');
    expect(problemOf({ source: 'new', name: '张三', certNo: ID, birthDate: dayjs('1980-05-13') }, 'birthDate', false)).toBe('出生日期与身份证号码不一致');
    // an update may leave the person as stored (masked number sent back)
    expect(problemOf({ source: 'new', certNo: '320***********0015' }, 'certNo', true)).toBeNull();
    expect(problemOf({ source: 'pick' }, 'personId', false)).toBe('请选择人员');
    expect(problemOf({ source: 'pick', personId: '1', startDate: dayjs('2026-02-01'), endDate: dayjs('2026-01-01') }, 'endDate', false)).toBe(
      '结束日期不能早于开始日期',
    );
  });

  it('reads gender and birth date from a valid identity card only', () => {
    expect(fromIdCard(1, ID)).toEqual({ gender: 1, birthDate: '1980-05-12' });
    expect(fromIdCard(2, ID)).toBeNull();
    expect(fromIdCard(1, '320***********0015')).toBeNull();
    expect(fromIdCard(1, '3201021980')).toBeNull();
  });

  it('says the term in one line', () => {
    const r = (startDate: string | null, endDate: string | null) => ({ startDate, endDate }) as Pick<LeaderView, 'startDate' | 'endDate'>;
    expect(termText(r('2026-01-01', '2030-12-31'))).toBe('2026-01-01 至 2030-12-31');
    expect(termText(r('2026-01-01', null))).toBe('2026-01-01 起');
    expect(termText(r(null, null))).toBe('');
  });
});

describe('组织档案 terms', () => {
  it('parts the terms into 现任, 往届, 下届 and 全部', () => {
    const terms = [
      { year: 2027, current: false },
      { year: 2026, current: true },
      { year: 2021, current: false },
    ];
    const years = (f: Parameters<typeof termsOf>[1]) => termsOf(terms, f, 2026).map((t) => t.year);
    expect(years('current')).toEqual([2026]);
    expect(years('past')).toEqual([2021]);
    expect(years('next')).toEqual([2027]);
    expect(years('all')).toEqual([2027, 2026, 2021]);
    // no current term: the year decides
    expect(termsOf([{ year: 2030, current: false }], 'next', 2026).map((t) => t.year)).toEqual([2030]);
  });
});

describe('the lower list', () => {
  it('drops empty filters and writes the spreadsheet’s header and rows', () => {
    expect(lowerQuery({ name: ' 商会 ', deptCategory: undefined, hasLeaders: '', year: 2026, leaderName: null })).toEqual({ name: '商会', year: 2026 });
    const row: LowerView = {
      deptId: '3',
      deptName: '南京市浙江商会',
      fullName: null,
      deptCategory: 2,
      deptCategoryName: '商会',
      chamberType: 3,
      chamberTypeName: null,
      parentId: '1',
      parentName: '南京市工商联',
      regionCode: '320100',
      year: 2027,
      chairmanName: '王主席',
      partySecretaryName: null,
      presidentName: null,
      viceChairmanCount: 2,
      vicePresidentCount: 0,
      councilCount: 0,
      secretariatCount: 0,
      leaderCount: 3,
    };
    const [head, first] = lowerSheetRows([row]);
    expect(head[0]).toBe('组织名称');
    expect(first).toEqual(['南京市浙江商会', '商会', '外省在苏商会', '南京市工商联', 2027, '王主席', '', '', 2, 0, 0, 0, 3]);
  });

  it('offers federations, chambers and associations, not offices, own org first', () => {
    const tree = [
      {
        id: '1',
        title: '南京市工商联',
        deptCategory: 1,
        children: [
          { id: '2', title: '办公室', deptCategory: 4 },
          { id: '3', title: '浙江商会', deptCategory: 2 },
        ],
      },
    ];
    const choices = orgChoices(tree);
    expect(firstOrg(choices)?.value).toBe('1');
    expect(findOrg(choices, '2')?.disabled).toBe(true);
    expect(findOrg(choices, '3')?.title).toBe('浙江商会');
    expect(firstOrg(orgChoices([{ id: '2', title: '办公室', deptCategory: 4, children: [{ id: '3', title: '商会', deptCategory: 2 }] }]))?.value).toBe('3');
  });
});

describe('协会基本信息', () => {
  it('names terms 第一届 … 第三十届', () => {
    expect([1, 10, 11, 20, 21, 30].map(termName)).toEqual(['第一届', '第十届', '第十一届', '第二十届', '第二十一届', '第三十届']);
  });

  it('turns the record into the form and back, an emptied field clearing it', () => {
    const record = {
      id: '9',
      deptId: '3',
      deptName: null,
      termNo: 3,
      termYears: 5,
      termStartDate: '2026-01-01',
      termEndDate: null,
      electionMonth: '2025-12',
      councilSize: 40,
      standingCouncilSize: null,
      congressSize: null,
      secretaryGeneral: '赵秘书',
      secretariatSize: null,
      remark: null,
      currentYear: 2026,
      currentLeaderCount: 3,
      version: 4,
      createTime: null,
      updateTime: null,
    };
    const values = baseFormValues(record);
    expect((values.electionMonth as dayjs.Dayjs).format('YYYY-MM')).toBe('2025-12');
    const body = baseBody({ ...values, secretaryGeneral: '  ', councilSize: 41 }, record);
    expect(body).toMatchObject({
      id: '9',
      version: 4,
      deptId: '3',
      termNo: 3,
      termStartDate: '2026-01-01',
      electionMonth: '2025-12',
      councilSize: 41,
      secretaryGeneral: null,
    });
    expect(baseBody({}, { id: null, version: 0, deptId: '3' })).not.toHaveProperty('id');
  });
});
