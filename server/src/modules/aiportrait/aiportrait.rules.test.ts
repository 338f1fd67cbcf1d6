import { describe, expect, it } from 'vitest';
import type { MemberRow } from '../member/member.repo.js';
import { decimalYears, fullYears, portraitSummary, portraitTags } from './aiportrait.rules.js';

const row = (over: Record<string, unknown>): MemberRow =>
  ({
    id: '1',
    deptId: '2',
    deptName: '南京市工商联',
    regionName: null,
    name: '规则测试有限公司',
    version: 1,
    createTime: new Date(),
    updateTime: new Date(),
    ...over,
  }) as MemberRow;
const facts = { today: '2026-11-27', newsCount: 0, representativeCount: 0, memberships: [] };
const labels = (tags: Array<{ label: string }>) => tags.map((t) => t.label);

describe('AI 画像 rules', () => {
  it('counts whole years by anniversaries and days as decimal years', () => {
    expect(fullYears('2016-11-27', '2026-11-27')).toBe(10);
    expect(fullYears('2016-11-28', '2026-11-27')).toBe(9);
    expect(fullYears('2000-02-29', '2026-02-28')).toBe(25);
    expect(decimalYears(3653)).toBe(10);
  });

  it('gives each tag only from its rule: 规上 for 中型 and 大型, not 小型; 会员年限 thresholds; status', () => {
    expect(labels(portraitTags('enterprise', row({ scale: 3 }), facts))).toEqual(['中型企业', '规上企业']);
    expect(labels(portraitTags('enterprise', row({ scale: 2, memberType: 5 }), facts))).toEqual(['小型企业']);
    expect(labels(portraitTags('enterprise', row({ joinDate: '2016-11-28' }), facts))).toEqual(['会员年限≥5年']);
    expect(labels(portraitTags('enterprise', row({ joinDate: '2016-11-27', status: 3 }), facts))).toEqual(['已退会', '会员年限≥10年']);
    expect(labels(portraitTags('enterprise', row({ remark: '荣获2024江苏民营企业500强' }), facts))).toEqual(['江苏民营企业500强']);
    expect(labels(portraitTags('enterprise', row({ remark: '拟申报500强' }), facts))).toEqual([]);
    expect(labels(portraitTags('person', row({ memberLevel: 1, politics: 6, education: 3 }), facts))).toEqual([]);
  });

  it('says so when the record has little to summarise', () => {
    expect(portraitSummary('group', row({}), facts)).toEqual({ text: '规则测试有限公司的档案信息较少,暂无可概括的内容。', sources: ['name'] });
  });
});
