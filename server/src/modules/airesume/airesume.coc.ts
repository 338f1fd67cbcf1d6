import { sql, type SqlBool } from 'kysely';
import { ASSOCIATION_LEADER_TYPES, LEADER_TYPE, ORG_CHAMBER_TYPES, ORG_PROFILE_FIELDS, RESUME_LINE_MAX, type ResumeLine } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope, scopePredicate } from '../../platform/access/scope.js';
import { notFound } from '../../platform/http/errors.js';
import { ASSOCIATION_RESOURCE, leaderRepo, type LeaderRow } from '../association/leader.repo.js';
import { currentYear } from '../association/leader.view.js';
import { resumeRepo, type BaseRow, type HistoryRow } from '../association/resume.repo.js';
import { orgProfileRepo } from '../profile/orgprofile.repo.js';
import type { ResumeSubject } from './airesume.service.js';

/** 商会: the orgs a chamber résumé is written for (blade_dept.dept_category). */
export const COC_CATEGORY = 2;
/** The scope metadata's filter of a chamber (the data-scope walker and the route's record check). */
export const COC_WHERE = `is_deleted = 0 and dept_category = ${COC_CATEGORY}`;
/** The 大事记 a résumé tells (the newest ones). */
const HISTORY_LINES = 8;
/** The leaders a résumé names: 主席, 党组书记, 会长, 副主席, 副会长 (not the council or the secretariat). */
const NAMED_TYPES = [LEADER_TYPE.chairman, LEADER_TYPE.partySecretary, LEADER_TYPE.president, LEADER_TYPE.viceChairman, LEADER_TYPE.vicePresident];
/** A long text field (宗旨, 业务范围) is cut to this many characters in a sentence. */
const LONG_TEXT = 150;

/** Labels of the fixed sources of a chamber résumé: the org (dept.*), its profile (profile.*) and its base record (associationbase.*). */
export const COC_FIELD_LABELS: Record<string, string> = {
  'dept.deptName': '商会名称',
  'dept.fullName': '商会全称',
  'dept.regionCode': '所在地区',
  'dept.chamberType': '商会类型',
  'dept.parentId': '上级组织',
  ...Object.fromEntries(
    ['establishedDate', 'registrationAuthority', 'competentUnit', 'chamberType', 'purpose', 'businessScope', 'address', 'partyOrgName', 'partyMemberCount'].map(
      (f) => [`profile.${f}`, `组织档案·${ORG_PROFILE_FIELDS[f].label}`],
    ),
  ),
  'associationbase.termNo': '协会基本信息·届次',
  'associationbase.termStartDate': '协会基本信息·本届开始日期',
  'associationbase.termEndDate': '协会基本信息·本届结束日期',
  'associationbase.electionMonth': '协会基本信息·换届完成年月',
  'associationbase.councilSize': '协会基本信息·理事会人数',
  'associationbase.standingCouncilSize': '协会基本信息·常务理事人数',
  'associationbase.congressSize': '协会基本信息·会员代表人数',
  'associationbase.secretaryGeneral': '协会基本信息·秘书长',
  'associationbase.secretariatSize': '协会基本信息·秘书处工作人员数',
};

const present = (v: unknown): v is string | number => v !== null && v !== undefined && String(v).trim() !== '';
const day = (v: string) => `${v.slice(0, 4)}年${Number(v.slice(5, 7))}月${Number(v.slice(8, 10))}日`;
const cut = (v: string, n: number) => {
  const t = v.trim().replace(/[。.]$/, '');
  return t.length > n ? `${t.slice(0, n)}…` : t;
};

interface CocOrg {
  id: string;
  deptName: string;
  fullName: string | null;
  regionName: string | null;
  chamberType: number | null;
  parentName: string | null;
}

type Part = { text: string; sources: string[] } | null;
const line = (parts: Part[], lead = '', end = '。', leadSources: string[] = []): ResumeLine | null => {
  const got = parts.filter((p): p is NonNullable<Part> => p !== null);
  if (!got.length) return null;
  const text = `${lead}${got.map((p) => p.text).join(',')}${end}`;
  return {
    text: text.length > RESUME_LINE_MAX ? `${text.slice(0, RESUME_LINE_MAX - 1)}…` : text,
    sources: [...new Set([...leadSources, ...got.flatMap((p) => p.sources)])],
  };
};

/**
 * The chamber résumé's template: sentences from the chamber's org record, its profile, its
 * associationbase record, its current team (associationleader) and its newest 大事记 (associationhistory).
 * Each sentence names the fields (dept.*, profile.*, associationbase.*) and the rows (associationleader:id,
 * associationhistory:id) it came from. No personal data (phones, certificate numbers) is ever written.
 */
export function cocTemplate(
  org: CocOrg,
  data: { profile: Record<string, unknown> | undefined; base: BaseRow | undefined; year: number | null; leaders: LeaderRow[]; history: HistoryRow[] },
): ResumeLine[] {
  const p = data.profile ?? {};
  const b = data.base;
  const name = org.fullName?.trim() || org.deptName;
  const nameSources = org.fullName?.trim() ? ['dept.fullName'] : ['dept.deptName'];
  const pf = (f: string, make: (v: string) => string): Part => (present(p[f]) ? { text: make(String(p[f]).trim()), sources: [`profile.${f}`] } : null);
  const bf = (f: keyof BaseRow, make: (v: string) => string): Part =>
    b && present(b[f]) ? { text: make(String(b[f]).trim()), sources: [`associationbase.${f}`] } : null;
  const chamberType = present(p.chamberType)
    ? ORG_CHAMBER_TYPES[Number(p.chamberType)]
    : org.chamberType !== null
      ? ORG_CHAMBER_TYPES[org.chamberType]
      : undefined;

  const lines: Array<ResumeLine | null> = [
    line(
      [
        org.regionName ? { text: `位于${org.regionName}`, sources: ['dept.regionCode'] } : null,
        chamberType ? { text: `是一家${chamberType}`, sources: [present(p.chamberType) ? 'profile.chamberType' : 'dept.chamberType'] } : null,
        org.parentName ? { text: `隶属于${org.parentName}`, sources: ['dept.parentId'] } : null,
        pf('establishedDate', (v) => `成立于${day(v)}`),
      ],
      name,
      '。',
      nameSources,
    ),
    line([pf('registrationAuthority', (v) => `登记管理机关为${v}`), pf('competentUnit', (v) => `业务主管单位为${v}`)], '该商会'),
    line([pf('purpose', (v) => `宗旨:${cut(v, LONG_TEXT)}`)]),
    line([pf('businessScope', (v) => `业务范围:${cut(v, LONG_TEXT)}`)]),
    line(
      [
        bf('termNo', (v) => `现为第${v}届`),
        b && present(b.termStartDate)
          ? {
              text: `本届任期自${day(b.termStartDate)}${present(b.termEndDate) ? `至${day(b.termEndDate)}` : '起'}`,
              sources: ['associationbase.termStartDate', ...(present(b.termEndDate) ? ['associationbase.termEndDate'] : [])],
            }
          : null,
        bf('electionMonth', (v) => `于${v.slice(0, 4)}年${Number(v.slice(5, 7)) || ''}${Number(v.slice(5, 7)) ? '月' : ''}完成换届`),
      ],
      '该商会',
    ),
    line(
      [
        bf('congressSize', (v) => `会员代表${v}名`),
        bf('councilSize', (v) => `理事会成员${v}名`),
        bf('standingCouncilSize', (v) => `常务理事${v}名`),
        bf('secretaryGeneral', (v) => `秘书长为${v}`),
        bf('secretariatSize', (v) => `秘书处工作人员${v}名`),
      ],
      '现有',
    ),
  ];

  // The current team: one clause per leader type, naming each leader (and the row it came from).
  if (data.year !== null && data.leaders.length) {
    const byType = new Map<number, LeaderRow[]>();
    for (const l of data.leaders) byType.set(l.leaderType, [...(byType.get(l.leaderType) ?? []), l]);
    const parts: Part[] = NAMED_TYPES.filter((t) => byType.has(t)).map((t) => {
      const rows = byType.get(t)!;
      return { text: `${ASSOCIATION_LEADER_TYPES[t]}为${rows.map((r) => r.name).join('、')}`, sources: rows.map((r) => `associationleader:${r.id}`) };
    });
    lines.push(line(parts, `${data.year}年度领导班子中,`));
  }
  // The newest 大事记, oldest of them first.
  for (const h of [...data.history].reverse()) {
    lines.push({
      text: cut(`${day(h.eventDate)},${h.title.trim().replace(/[。.]$/, '')}`, RESUME_LINE_MAX - 1) + '。',
      sources: [`associationhistory:${h.id}`],
    });
  }
  lines.push(line([pf('partyOrgName', (v) => `设有${v}`), pf('partyMemberCount', (v) => `党员${v}名`)], '该商会'));
  lines.push(line([pf('address', (v) => `办公地址为${v}`)]));
  const out = lines.filter((l): l is ResumeLine => l !== null);
  return out.length ? out : [{ text: `${name}。`, sources: nameSources }];
}

/**
 * The chamber a call names, inside the caller's association scope (the same scope the associationbase,
 * associationhistory and associationleader calls apply): any other org, or an org that is not a chamber,
 * is 404. Then its data and the résumé subject: its name, the labels of every source (the fixed fields
 * and the rows read) and the template's draft.
 */
export function cocSubjects(db: Db, timeZone: string) {
  return async (actor: Actor, id: string): Promise<ResumeSubject> => {
    const scope = await resolveScope(db, actor, ASSOCIATION_RESOURCE);
    const found = await leaderRepo.findOrg(db, scope, id);
    if (!found || Number(found.deptCategory) !== COC_CATEGORY) throw notFound();
    const deptId = String(found.id);
    const more = await db
      .selectFrom('bladeDept as d')
      .leftJoin('bladeRegion as r', (j) => j.on(sql<SqlBool>`r.code = regexp_replace(d.region_code, '(00)+$', '')`))
      .leftJoin('bladeDept as up', (j) => j.onRef('up.id', '=', 'd.parentId').on('up.isDeleted', '=', 0))
      .select(['d.chamberType', 'r.name as regionName', 'up.deptName as parentName'])
      .where('d.id', '=', deptId)
      .where((eb) => scopePredicate(eb, scope, { dept: 'd.id' }))
      .executeTakeFirst();
    if (!more) throw notFound();
    const org: CocOrg = {
      id: deptId,
      deptName: found.deptName,
      fullName: found.fullName,
      regionName: more.regionName ?? null,
      chamberType: more.chamberType === null || more.chamberType === undefined ? null : Number(more.chamberType),
      parentName: more.parentName ?? null,
    };
    const year = await leaderRepo.latestYear(db, deptId, currentYear(timeZone));
    const [profile, base, leaders, history] = await Promise.all([
      orgProfileRepo.findProfile(db, deptId),
      resumeRepo.base(db, deptId),
      year === null ? Promise.resolve([] as LeaderRow[]) : leaderRepo.team(db, actor.tenantId, deptId, year, NAMED_TYPES, { current: 1, size: 50 }),
      resumeRepo.historyPage(db, deptId, {}, { current: 1, size: HISTORY_LINES }).then((p) => p.records as HistoryRow[]),
    ]);
    const labels: Record<string, string> = { ...COC_FIELD_LABELS };
    for (const l of leaders) labels[`associationleader:${l.id}`] = `领导班子·${l.year}年${ASSOCIATION_LEADER_TYPES[l.leaderType] ?? ''} ${l.name}`;
    for (const h of history) labels[`associationhistory:${h.id}`] = `大事记·${h.eventDate} ${h.title}`;
    return {
      id: deptId,
      name: org.fullName?.trim() || org.deptName,
      labels,
      draft: () => cocTemplate(org, { profile: profile as Record<string, unknown> | undefined, base, year, leaders, history }),
    };
  };
}
