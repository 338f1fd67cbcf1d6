import {
  EDUCATIONS,
  ENTERPRISE_SCALES,
  ENTERPRISE_TYPES,
  GROUP_TYPES,
  MEMBER_LEVELS,
  MEMBER_STATUS,
  PORTRAIT_MSG,
  POLITICS,
  type PortraitFigure,
  type PortraitKind,
  type PortraitTag,
} from '@gsl/contract';
import type { MemberRow } from '../member/member.repo.js';

/**
 * The portrait's rules (pure: tested without a database). Tags come from fixed rules over the member's
 * stored fields and the counts read beside them; each names the rule and the fields it came from, so a
 * reader can check it against the record. A field left empty gives no tag.
 */

export interface PortraitFacts {
  /** Today in the app's time zone, yyyy-MM-dd. */
  today: string;
  newsCount: number;
  /** 会员代表 of an enterprise or group. */
  representativeCount: number;
  /** For a person: the member units they represent (names). */
  memberships: string[];
}

const present = (v: unknown) => v !== null && v !== undefined && String(v).trim() !== '';
const text = (v: unknown) => (present(v) ? String(v).trim() : null);
const code = (v: unknown) => (present(v) ? Number(v) : null);

/** Whole years from `from` to `to` (both yyyy-MM-dd): the anniversaries passed. */
export function fullYears(from: string, to: string): number {
  const [y1, m1, d1] = from.split('-').map(Number);
  const [y2, m2, d2] = to.split('-').map(Number);
  let y = y2 - y1;
  if (m2 < m1 || (m2 === m1 && d2 < d1)) y--;
  return Math.max(y, 0);
}

/** Days from `from` to `to` (yyyy-MM-dd). */
export const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
/** Years of membership as a chart shows them: days / 365.25, one decimal. */
export const decimalYears = (days: number) => Math.round((days / 365.25) * 10) / 10;

/** 500强 lists a remark may name (中国民营企业500强, 中国企业500强, …): the honour as written. */
const TOP500_RE = /(?:中国|全国|江苏省?|[\u4e00-\u9fa5]{2,4}省)?(?:民营企业|企业|制造业民营企业|服务业民营企业|制造业企业|服务业企业)500强/;
const HEAD_POST_RE = /董事长|总经理|总裁|创始人|执行董事|法定代表人|负责人|首席执行官/;

export function portraitTags(kind: PortraitKind, m: MemberRow, f: PortraitFacts): PortraitTag[] {
  const tags: PortraitTag[] = [];
  const add = (key: string, label: string, rule: string, sources: string[]) => tags.push({ key, label, rule, sources });

  if (kind === 'enterprise') {
    const type = code(m.memberType);
    if (type !== null && type !== 5 && ENTERPRISE_TYPES[type]) add('memberType', ENTERPRISE_TYPES[type], `企业类型为${ENTERPRISE_TYPES[type]}`, ['memberType']);
    const scale = code(m.scale);
    if (scale !== null && ENTERPRISE_SCALES[scale]) {
      add('scale', `${ENTERPRISE_SCALES[scale]}企业`, `企业规模为${ENTERPRISE_SCALES[scale]}`, ['scale']);
      if (scale >= 3) add('aboveScale', '规上企业', '企业规模为中型或大型', ['scale']);
    }
    const industry = text(m.industry);
    if (industry) add('industry', industry, '所属行业', ['industry']);
    const top = TOP500_RE.exec(String(m.remark ?? ''))?.[0];
    if (top) add('top500', top, `备注中载明「${top}」`, ['remark']);
  } else if (kind === 'group') {
    const type = code(m.groupType);
    if (type !== null && GROUP_TYPES[type]) add('groupType', GROUP_TYPES[type], `团体类型为${GROUP_TYPES[type]}`, ['groupType']);
    const count = code(m.memberCount);
    if (count !== null && count >= 100) add('largeGroup', '百人以上团体', `会员数量为${count},不少于100`, ['memberCount']);
  } else {
    const politics = code(m.politics);
    if (politics !== null && politics <= 2 && POLITICS[politics]) add('politics', POLITICS[politics], `政治面貌为${POLITICS[politics]}`, ['politics']);
    const education = code(m.education);
    if (education !== null && education <= 2) add('education', '研究生学历', `学历为${EDUCATIONS[education]}`, ['education']);
    const birth = text(m.birthDate);
    if (birth) {
      const decade = Math.floor(Number(birth.slice(0, 4)) / 10) * 10;
      add('generation', `${String(decade).slice(2)}后`, `出生于${decade}年代`, ['birthDate']);
    }
    const post = text(m.post);
    if (post && HEAD_POST_RE.test(post)) add('head', '企业负责人', `职务为${post}`, ['post']);
    if (f.memberships.length) add('representative', '会员代表', `担任${f.memberships.length}家会员单位的会员代表`, ['memberships']);
  }

  const region = text(m.regionName);
  if (region) add('region', region, '所在地区', ['regionCode']);

  const level = code(m.memberLevel);
  if (level !== null && level >= 2 && MEMBER_LEVELS[level]) {
    const name = kind === 'person' ? MEMBER_LEVELS[level] : `${MEMBER_LEVELS[level]}单位`;
    add('memberLevel', name, `会员级别为${MEMBER_LEVELS[level]}`, ['memberLevel']);
  }

  const status = code(m.status);
  if (status !== null && status !== 1 && MEMBER_STATUS[status])
    add('status', status === 3 ? '已退会' : `会员${MEMBER_STATUS[status]}`, `会员状态为${MEMBER_STATUS[status]}`, ['status']);

  const join = text(m.joinDate);
  if (join) {
    const years = fullYears(join, f.today);
    if (years >= PORTRAIT_MSG.seniorYears) add('senior', `会员年限≥${PORTRAIT_MSG.seniorYears}年`, `入会满${years}年`, ['joinDate']);
    else if (years >= 5) add('years5', '会员年限≥5年', `入会满${years}年`, ['joinDate']);
    else if (years < 1) add('newMember', '新入会会员', '入会不满1年', ['joinDate']);
  }

  if (f.newsCount > 0) add('news', '舆情关注', `舆情监测中有${f.newsCount}条新闻提及`, ['news']);
  return tags;
}

export function portraitFigures(kind: PortraitKind, m: MemberRow, f: PortraitFacts): PortraitFigure[] {
  const join = text(m.joinDate);
  const level = code(m.memberLevel);
  const figures: PortraitFigure[] = [
    { key: 'years', label: '会员年限', value: join ? fullYears(join, f.today) : null, unit: '年', sources: ['joinDate'] },
    { key: 'memberLevel', label: '会员级别', value: level !== null ? (MEMBER_LEVELS[level] ?? null) : null, unit: '', sources: ['memberLevel'] },
  ];
  if (kind === 'enterprise') {
    const scale = code(m.scale);
    figures.push(
      { key: 'scale', label: '企业规模', value: scale !== null ? (ENTERPRISE_SCALES[scale] ?? null) : null, unit: '', sources: ['scale'] },
      { key: 'representatives', label: '会员代表', value: f.representativeCount, unit: '人', sources: ['representatives'] },
      { key: 'news', label: '舆情提及', value: f.newsCount, unit: '条', sources: ['news'] },
    );
  } else if (kind === 'group') {
    figures.push(
      { key: 'memberCount', label: '会员数量', value: code(m.memberCount), unit: '名', sources: ['memberCount'] },
      { key: 'representatives', label: '会员代表', value: f.representativeCount, unit: '人', sources: ['representatives'] },
      { key: 'news', label: '舆情提及', value: f.newsCount, unit: '条', sources: ['news'] },
    );
  } else {
    const birth = text(m.birthDate);
    figures.push(
      { key: 'age', label: '年龄', value: birth ? fullYears(birth, f.today) : null, unit: '岁', sources: ['birthDate'] },
      { key: 'memberships', label: '担任会员代表', value: f.memberships.length, unit: '家', sources: ['memberships'] },
    );
  }
  return figures;
}

/** The template's one paragraph: the facts the card shows, in words, with the fields it used. */
export function portraitSummary(kind: PortraitKind, m: MemberRow, f: PortraitFacts): { text: string; sources: string[] } {
  const sources = new Set<string>(['name']);
  const parts: string[] = [];
  const use = (field: string, s: string | null) => {
    if (!s) return;
    sources.add(field);
    parts.push(s);
  };
  const name = String(m.name);
  const region = text(m.regionName);
  if (kind === 'enterprise') {
    const type = code(m.memberType);
    const scale = code(m.scale);
    use('regionCode', region ? `位于${region}` : null);
    use('memberType', type !== null && ENTERPRISE_TYPES[type] ? `企业类型为${ENTERPRISE_TYPES[type]}` : null);
    use('industry', text(m.industry) ? `所属行业为${text(m.industry)}` : null);
    use('scale', scale !== null && ENTERPRISE_SCALES[scale] ? `企业规模为${ENTERPRISE_SCALES[scale]}` : null);
  } else if (kind === 'group') {
    const type = code(m.groupType);
    use('regionCode', region ? `位于${region}` : null);
    use('groupType', type !== null && GROUP_TYPES[type] ? `团体类型为${GROUP_TYPES[type]}` : null);
    use('memberCount', code(m.memberCount) !== null ? `现有会员${code(m.memberCount)}名` : null);
  } else {
    use('company', text(m.company) ? `任职于${text(m.company)}` : null);
    use('post', text(m.post) ? `担任${text(m.post)}` : null);
    use('regionCode', region ? `所在地区为${region}` : null);
  }
  const join = text(m.joinDate);
  if (join) {
    sources.add('joinDate');
    sources.add('deptId');
    parts.push(`${join.slice(0, 4)}年加入${m.deptName ?? '本会'},入会满${fullYears(join, f.today)}年`);
  }
  const level = code(m.memberLevel);
  use('memberLevel', level !== null && MEMBER_LEVELS[level] ? `现为${MEMBER_LEVELS[level]}` : null);
  if (kind === 'person') use('memberships', f.memberships.length ? `担任${f.memberships.join('、')}的会员代表` : null);
  else use('representatives', f.representativeCount ? `有会员代表${f.representativeCount}人` : null);
  if (kind !== 'person') use('news', f.newsCount ? `舆情监测中有${f.newsCount}条新闻提及` : null);
  return { text: parts.length ? `${name}${parts.join(',')}。` : `${name}的档案信息较少,暂无可概括的内容。`, sources: [...sources] };
}
