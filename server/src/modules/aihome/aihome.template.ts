import { ORG_PROFILE_FIELDS, HOMEPAGE_LINE_MAX, type ResumeLine } from '@gsl/contract';

/**
 * The built-in introduction of an org's AI home page: sentences built from its org profile (组织档案), its
 * current leadership and its member figures, each naming the fields it came from. A field left empty
 * leaves its words out; a sentence with nothing to say is dropped. No personal data is written.
 */
export interface HomepageFacts {
  name: string;
  typeName: string;
  parentName: string | null;
  regionName: string | null;
  profile: Record<string, unknown> | null;
  leaders: Array<{ name: string; post: string }>;
  members: { total: number; enterprise: number; group: number; person: number };
}

/** The sources a line may name: the org profile's fields, and the page's own facts. */
export const HOMEPAGE_FIELD_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.entries(ORG_PROFILE_FIELDS).map(([k, f]) => [k, f.label])),
  parentName: '上级组织',
  leaders: '领导班子',
  memberCount: '会员数据',
};

const present = (v: unknown): v is string | number => v !== null && v !== undefined && String(v).trim() !== '';
const text = (v: unknown) =>
  String(v)
    .trim()
    .replace(/[。.;；]+$/, '');
const clip = (s: string) => (s.length > HOMEPAGE_LINE_MAX - 10 ? `${s.slice(0, HOMEPAGE_LINE_MAX - 11)}…` : s);

export function homepageTemplate(f: HomepageFacts): ResumeLine[] {
  const p = f.profile ?? {};
  const out: ResumeLine[] = [];
  const add = (t: string, sources: string[]) => out.push({ text: clip(t), sources });
  const name = present(p.name) ? text(p.name) : f.name;

  const first: string[] = [];
  const firstSrc = ['name'];
  if (f.regionName) {
    first.push(`位于${f.regionName.split(' / ').join('')}`);
    firstSrc.push('regionCode');
  }
  if (f.parentName) {
    first.push(`是${f.parentName}所属的${f.typeName}`);
    firstSrc.push('parentName');
  } else first.push(`是一家${f.typeName}`);
  add(`${name}${first.join(',')}。`, firstSrc);

  const founded: string[] = [];
  const foundedSrc: string[] = [];
  if (present(p.establishedDate)) {
    // A date column arrives as text (PostgreSQL) or as a local-midnight Date (PGlite).
    const v = p.establishedDate as unknown;
    const [y, m] = v instanceof Date ? [v.getFullYear(), v.getMonth() + 1] : [Number(String(v).slice(0, 4)), Number(String(v).slice(5, 7))];
    founded.push(`成立于${y}年${m}月`);
    foundedSrc.push('establishedDate');
  }
  if (present(p.registrationAuthority)) {
    founded.push(`登记管理机关为${text(p.registrationAuthority)}`);
    foundedSrc.push('registrationAuthority');
  }
  if (present(p.competentUnit)) {
    founded.push(`业务主管单位为${text(p.competentUnit)}`);
    foundedSrc.push('competentUnit');
  }
  if (founded.length) add(`本会${founded.join(',')}。`, foundedSrc);

  if (present(p.introduction)) add(`${text(p.introduction)}。`, ['introduction']);
  if (present(p.purpose)) add(`本会的宗旨是:${text(p.purpose)}。`, ['purpose']);
  if (present(p.businessScope)) add(`业务范围包括:${text(p.businessScope)}。`, ['businessScope']);

  const leaders = f.leaders.slice(0, 5);
  if (leaders.length) add(`现任领导班子:${leaders.map((l) => `${l.post}${l.name}`).join('、')}。`, ['leaders']);
  else if (present(p.representative)) add(`法定代表人为${text(p.representative)}。`, ['representative']);

  const m = f.members;
  if (m.total > 0) {
    const parts = [m.enterprise ? `企业会员${m.enterprise}家` : '', m.group ? `团体会员${m.group}家` : '', m.person ? `个人会员${m.person}名` : ''].filter(
      Boolean,
    );
    add(`目前共有会员${m.total}个,其中${parts.join('、')}。`, ['memberCount']);
  }

  const party: string[] = [];
  const partySrc: string[] = [];
  if (present(p.partyOrgName)) {
    party.push(`设有${text(p.partyOrgName)}`);
    partySrc.push('partyOrgName');
  }
  if (present(p.partyMemberCount) && Number(p.partyMemberCount) > 0) {
    party.push(`有党员${Number(p.partyMemberCount)}名`);
    partySrc.push('partyMemberCount');
  }
  if (party.length) add(`${party.join(',')}。`, partySrc);
  return out;
}
