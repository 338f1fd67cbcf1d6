import {
  ASSOCIATION_LEADER_TYPES,
  CERT_TYPES,
  CHAMBER_TYPES,
  GENDERS,
  LOWER_CATEGORIES,
  POLITICS,
  certProblem,
  idCardBirthDate,
  idCardGender,
  isMaskedCert,
  leaderProblems,
  type LeaderView,
  type LowerView,
  type YearView,
} from '@gsl/contract';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * The rules of the leadership screens that are more than configuration: which years are shown,
 * which year 沿用上届 copies from, moving a member, the leader form's values and checks, and the
 * lower list's spreadsheet.
 */

export const typeName = (type: number) => ASSOCIATION_LEADER_TYPES[type] ?? '';

/** The year tabs: every year with a team, and the one being looked at (a new term has none yet), in order. */
export function yearTabs(years: readonly YearView[], selected: number | undefined): YearView[] {
  const out = years.filter((y) => y.leaderCount > 0 || y.year === selected);
  if (selected !== undefined && !out.some((y) => y.year === selected)) out.push({ year: selected, leaderCount: 0 });
  return out.sort((a, b) => a.year - b.year);
}

/** The year opened first: this year when it has a team, else the latest year that has one, else this year. */
export function defaultYear(years: readonly YearView[], thisYear: number): number {
  const filled = years.filter((y) => y.leaderCount > 0).map((y) => y.year);
  if (filled.includes(thisYear)) return thisYear;
  return filled.length ? Math.max(...filled) : thisYear;
}

/**
 * The term 沿用上届 copies into `target`: the latest earlier year with a team; without one, the
 * latest later year with a team (a correction entered backwards); undefined when there is none.
 */
export function sourceYearFor(years: readonly YearView[], target: number): YearView | undefined {
  const filled = years.filter((y) => y.leaderCount > 0 && y.year !== target);
  const earlier = filled.filter((y) => y.year < target).sort((a, b) => b.year - a.year);
  if (earlier.length) return earlier[0];
  return filled.sort((a, b) => a.year - b.year)[0];
}

/** The team size of a year (0 when it has none). */
export const countOf = (years: readonly YearView[], year: number) => years.find((y) => y.year === year)?.leaderCount ?? 0;

/** A list with the item at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (from < 0 || from >= items.length || from === target) return [...items];
  const out = [...items];
  const [moved] = out.splice(from, 1);
  out.splice(target, 0, moved);
  return out;
}

/** How a person is given in the leader form: picked from the person base, or entered by hand. */
export type PersonSource = 'pick' | 'new';

export interface LeaderFormValues {
  source?: PersonSource;
  personId?: string;
  name?: string;
  certType?: number;
  certNo?: string;
  gender?: number;
  birthDate?: Dayjs | null;
  politics?: number;
  phone?: string;
  company?: string;
  post?: string;
  startDate?: Dayjs | null;
  endDate?: Dayjs | null;
  remark?: string;
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null);
const text = (v: string | undefined | null) => {
  const t = (v ?? '').trim();
  return t === '' ? null : t;
};

/** A stored leader → the form (edit). */
export function formValuesOf(row: LeaderView): LeaderFormValues {
  return {
    source: 'new',
    name: row.name,
    certType: row.certType,
    certNo: row.certNo ?? undefined,
    gender: row.gender ?? undefined,
    birthDate: row.birthDate ? dayjs(row.birthDate) : null,
    politics: row.politics ?? undefined,
    phone: row.phone ?? undefined,
    company: row.company ?? undefined,
    post: row.post ?? undefined,
    startDate: row.startDate ? dayjs(row.startDate) : null,
    endDate: row.endDate ? dayjs(row.endDate) : null,
    remark: row.remark ?? undefined,
  };
}

/**
 * The form → a submit body. A person picked from the person base goes by `personId` (the server takes
 * name and numbers from there); one entered by hand by name and numbers. An update carries id and
 * version; a masked number sent back keeps the stored one.
 */
export function leaderBody(
  values: LeaderFormValues,
  where: { deptId: string; year: number },
  row?: Pick<LeaderView, 'id' | 'version'>,
): Record<string, unknown> {
  const common = {
    deptId: where.deptId,
    year: where.year,
    company: text(values.company),
    post: text(values.post),
    startDate: day(values.startDate),
    endDate: day(values.endDate),
    remark: text(values.remark),
    ...(row ? { id: row.id, version: row.version } : {}),
  };
  if (values.source === 'pick') return { ...common, personId: values.personId };
  return {
    ...common,
    name: text(values.name),
    certType: values.certType ?? 1,
    certNo: text(values.certNo)?.toUpperCase() ?? null,
    gender: values.gender ?? null,
    birthDate: day(values.birthDate),
    politics: values.politics ?? null,
    phone: text(values.phone),
  };
}

/** The contract's §5 checks of the form as it stands, for one field (shown under that field). */
export function problemOf(values: LeaderFormValues, field: string, updating: boolean): string | null {
  if (values.source === 'pick') {
    if (field === 'personId' && !values.personId) return '请选择人员';
    if (field !== 'endDate') return null;
  }
  const body = leaderBody(values, { deptId: '0', year: 2000 }) as Parameters<typeof leaderProblems>[0];
  const found = leaderProblems(values.source === 'pick' ? { ...body, personId: values.personId ?? 'x' } : body, updating).find((p) => p.path === field);
  return found?.message ?? null;
}

/**
 * What a typed identity-card number tells (birth date, gender), to fill in when the fields are still
 * empty; nothing for another certificate type, a masked or an invalid number.
 */
export function fromIdCard(certType: number | undefined, certNo: string | undefined): { gender: number; birthDate: string } | null {
  const v = (certNo ?? '').trim().toUpperCase();
  if ((certType ?? 1) !== 1 || !v || isMaskedCert(v) || certProblem(1, v)) return null;
  const birthDate = idCardBirthDate(v);
  return birthDate ? { gender: idCardGender(v), birthDate } : null;
}

/** The person-base choice's text: name, the masked certificate, the employer. */
export function personLabel(p: { name?: unknown; certNo?: unknown; company?: unknown }): string {
  return [p.name, p.certNo, p.company].filter((x) => typeof x === 'string' && x !== '').join('　');
}

export const labelOf = (labels: Record<number, string>, v: number | null | undefined) => (v == null ? '' : (labels[v] ?? ''));

/** 任职时间 as one text: 2026-01-01 至 2030-12-31, 2026-01-01 起, or empty. */
export function termText(row: Pick<LeaderView, 'startDate' | 'endDate'>): string {
  if (row.startDate && row.endDate) return `${row.startDate} 至 ${row.endDate}`;
  if (row.startDate) return `${row.startDate} 起`;
  if (row.endDate) return `至 ${row.endDate}`;
  return '';
}

export const CERT_TYPE_LABELS = CERT_TYPES;
export { GENDERS, POLITICS, CHAMBER_TYPES, LOWER_CATEGORIES };

/** The lower list's spreadsheet columns (导出): header and how a row shows. */
export const LOWER_EXPORT_COLUMNS: Array<{ title: string; width: number; value: (r: LowerView) => string | number }> = [
  { title: '组织名称', width: 32, value: (r) => r.deptName },
  { title: '组织类别', width: 10, value: (r) => r.deptCategoryName ?? labelOf(LOWER_CATEGORIES, r.deptCategory) },
  { title: '商会类型', width: 14, value: (r) => r.chamberTypeName ?? labelOf(CHAMBER_TYPES, r.chamberType) },
  { title: '上级组织', width: 24, value: (r) => r.parentName ?? '' },
  { title: '年度', width: 8, value: (r) => r.year ?? '' },
  { title: '主席', width: 12, value: (r) => r.chairmanName ?? '' },
  { title: '党组书记', width: 12, value: (r) => r.partySecretaryName ?? '' },
  { title: '会长', width: 12, value: (r) => r.presidentName ?? '' },
  { title: '副主席人数', width: 10, value: (r) => r.viceChairmanCount },
  { title: '副会长人数', width: 10, value: (r) => r.vicePresidentCount },
  { title: '理事人数', width: 10, value: (r) => r.councilCount },
  { title: '秘书处人数', width: 10, value: (r) => r.secretariatCount },
  { title: '班子总人数', width: 10, value: (r) => r.leaderCount },
];

/** The lower list as spreadsheet rows: the header, then one row per org. */
export function lowerSheetRows(rows: readonly LowerView[]): Array<Array<string | number>> {
  return [LOWER_EXPORT_COLUMNS.map((c) => c.title), ...rows.map((r) => LOWER_EXPORT_COLUMNS.map((c) => c.value(r)))];
}

/** The lower list's filters as the call takes them: empty ones dropped, page 1. */
export function lowerQuery(filters: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(filters)) {
    if (v === undefined || v === null) continue;
    const s = typeof v === 'string' ? v.trim() : v;
    if (s === '') continue;
    out[k] = typeof s === 'number' ? s : String(s);
  }
  return out;
}

/** A node of the org choice: federations, chambers and associations can be chosen; offices only shown. */
export interface OrgChoice {
  title: string;
  value: string;
  key: string;
  disabled: boolean;
  children: OrgChoice[];
}
interface TreeLike {
  id: string;
  title: string;
  deptCategory: number;
  children?: TreeLike[] | null;
}
const HAS_TEAM = new Set([1, 2, 3]);
export function orgChoices(nodes: readonly TreeLike[]): OrgChoice[] {
  return nodes.map((n) => ({ title: n.title, value: n.id, key: n.id, disabled: !HAS_TEAM.has(n.deptCategory), children: orgChoices(n.children ?? []) }));
}
/** The first org that can be chosen (the user's own comes first in the tree). */
export function firstOrg(nodes: readonly OrgChoice[]): OrgChoice | undefined {
  for (const n of nodes) {
    if (!n.disabled) return n;
    const c = firstOrg(n.children);
    if (c) return c;
  }
  return undefined;
}
export function findOrg(nodes: readonly OrgChoice[], id: string): OrgChoice | undefined {
  for (const n of nodes) {
    if (n.value === id) return n;
    const c = findOrg(n.children, id);
    if (c) return c;
  }
  return undefined;
}

/** Which terms 组织档案 shows: 现任 (the current term), 往届 (earlier), 下届 (entered ahead, later), 全部. */
export type TermFilter = 'current' | 'past' | 'next' | 'all';
export function termsOf<T extends { year: number; current: boolean }>(terms: readonly T[], filter: TermFilter, thisYear: number): T[] {
  const currentYear = terms.find((t) => t.current)?.year ?? thisYear;
  switch (filter) {
    case 'current':
      return terms.filter((t) => t.current);
    case 'past':
      return terms.filter((t) => !t.current && t.year < currentYear);
    case 'next':
      return terms.filter((t) => !t.current && t.year > currentYear);
    default:
      return [...terms];
  }
}
