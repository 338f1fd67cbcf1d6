import { useQuery } from '@tanstack/react-query';
import {
  ASSOCIATION_PATHS as P,
  LEADER_PAGE_SIZE,
  LEADER_TYPE,
  type AssociationBaseView,
  type Envelope,
  type HistoryView,
  type LeaderView,
  type LowerView,
  type MultiplexingAnswer,
  type OrgLeadershipTerm,
  type PageResult,
  type YearView,
} from '@gsl/contract';
import { bladeCrudApi, emptyPage, type CrudApi } from '../crud';
import { get, request, type QueryValue } from '../http';

/**
 * Association leadership by term (specification §1, §7 "Association" and "ai-resume";
 * server/src/modules/association): a team per org and year — 主席, 党组书记, 会长 (one each), 副主席,
 * 副会长, 理事, 秘书处 (ordered lists) — its years, 沿用上届 (multiplexing), the order (update-sort),
 * the lower-level list, 大事记 (associationhistory) and 协会基本信息 (associationbase). Phone and
 * certificate numbers arrive masked unless the user holds 查看敏感信息.
 */

export type { LeaderView, YearView, LowerView, HistoryView, AssociationBaseView, OrgLeadershipTerm, MultiplexingAnswer };

/** The seven sections of a team, each with the calls that read, write and remove its members. */
export interface LeaderSection {
  type: number;
  /** 'single': one per org and year (a card); 'list': ordered (a table). */
  shape: 'single' | 'list';
  /** The read: a detail (one or null) or a list (a page of up to 5,000). */
  read: string;
  /** Extra query of the read (leaders: which type). */
  readQuery?: Record<string, number>;
  submit: string;
  /** Extra body of the submit (submit: the type is in the body). */
  submitExtra?: Record<string, number>;
  remove: string;
}

/** By leader type, as §7 names the calls; the cards' removal goes through associationleader/remove (any type). */
export const LEADER_SECTIONS: Record<number, LeaderSection> = {
  [LEADER_TYPE.chairman]: { type: LEADER_TYPE.chairman, shape: 'single', read: P.chairmanDetail, submit: P.submitChairman, remove: P.leaderRemove },
  [LEADER_TYPE.partySecretary]: {
    type: LEADER_TYPE.partySecretary,
    shape: 'single',
    read: P.partySecretaryDetail,
    submit: P.submitPartySecretary,
    remove: P.leaderRemove,
  },
  [LEADER_TYPE.president]: { type: LEADER_TYPE.president, shape: 'single', read: P.presidentDetail, submit: P.submitPresident, remove: P.leaderRemove },
  [LEADER_TYPE.viceChairman]: {
    type: LEADER_TYPE.viceChairman,
    shape: 'list',
    read: P.viceChairmanList,
    submit: P.submitViceChairman,
    remove: P.removeViceChairman,
  },
  [LEADER_TYPE.vicePresident]: {
    type: LEADER_TYPE.vicePresident,
    shape: 'list',
    read: P.vicePresidentList,
    submit: P.submitVicePresident,
    remove: P.removeVicePresident,
  },
  [LEADER_TYPE.council]: {
    type: LEADER_TYPE.council,
    shape: 'list',
    read: P.leaders,
    readQuery: { leaderType: LEADER_TYPE.council },
    submit: P.submit,
    submitExtra: { leaderType: LEADER_TYPE.council },
    remove: P.removeLeader,
  },
  [LEADER_TYPE.secretariat]: {
    type: LEADER_TYPE.secretariat,
    shape: 'list',
    read: P.leaders,
    readQuery: { leaderType: LEADER_TYPE.secretariat },
    submit: P.submit,
    submitExtra: { leaderType: LEADER_TYPE.secretariat },
    remove: P.removeLeader,
  },
};

export const associationKeys = {
  all: ['association'] as const,
  team: (deptId: string) => ['association', 'team', deptId] as const,
  years: (deptId: string) => ['association', 'team', deptId, 'years'] as const,
  section: (deptId: string, year: number, type: number) => ['association', 'team', deptId, year, type] as const,
  orgLeadership: (deptId: string) => ['association', 'team', deptId, 'profile'] as const,
  lower: ['association', 'lower'] as const,
  administrative: ['association', 'administrative'] as const,
  base: (deptId: string) => ['association', 'base', deptId] as const,
  history: ['association', 'history'] as const,
};

/** year-list of an org: the years with a team, oldest first, with the team's size. */
export const yearList = (deptId: string, signal?: AbortSignal) => get<YearView[]>(P.yearList, { deptId }, { signal }).then((r) => r ?? []);

/** One section of a year's team: a single post's holder (or none), or an ordered list's members. */
export async function sectionMembers(deptId: string, year: number, type: number, signal?: AbortSignal): Promise<LeaderView[]> {
  const s = LEADER_SECTIONS[type];
  if (s.shape === 'single') {
    const one = await get<LeaderView | null>(s.read, { deptId, year }, { signal });
    return one ? [one] : [];
  }
  const page = await get<PageResult<LeaderView>>(s.read, { deptId, year, current: 1, size: LEADER_PAGE_SIZE, ...s.readQuery }, { signal });
  return page?.records ?? [];
}

export function useYearList(deptId: string) {
  return useQuery({ queryKey: associationKeys.years(deptId), queryFn: ({ signal }) => yearList(deptId, signal) });
}

export function useSection(deptId: string, year: number, type: number) {
  return useQuery({ queryKey: associationKeys.section(deptId, year, type), queryFn: ({ signal }) => sectionMembers(deptId, year, type, signal) });
}

/** Adds (no id) or updates (id and version) a member of a section; answers the server's message. */
export async function submitLeader(type: number, body: Record<string, unknown>): Promise<Envelope<LeaderView>> {
  const s = LEADER_SECTIONS[type];
  return request<Envelope<LeaderView>>(s.submit, { method: 'POST', body: { ...body, ...s.submitExtra } });
}

export async function removeLeader(type: number, ids: string[]): Promise<Envelope<null>> {
  return request<Envelope<null>>(LEADER_SECTIONS[type].remove, { method: 'POST', params: { ids: ids.join(',') } });
}

/** update-sort: the section's members in their new order, numbered 1, 2, 3 … */
export async function updateSort(ids: string[]): Promise<Envelope<{ updated: number }>> {
  return request<Envelope<{ updated: number }>>(P.leaderUpdateSort, {
    method: 'POST',
    body: { aocLeaderUpdateParamList: ids.map((id, i) => ({ id, sort: i + 1 })) },
  });
}

/** 沿用上届: copies the team of `fromYear` to `toYear`; `replace` removes the target year's members first. */
export async function multiplexing(body: { deptId: string; deptName?: string | null; fromYear: number; toYear: number; replace?: boolean }) {
  return request<Envelope<MultiplexingAnswer>>(P.multiplexing, { method: 'POST', body });
}

/** The org profile's leadership: every term of the org, newest first, the current one marked. */
export function useOrgLeadership(deptId: string) {
  return useQuery({
    queryKey: associationKeys.orgLeadership(deptId),
    queryFn: ({ signal }) => get<OrgLeadershipTerm[]>(P.orgLeadership, { deptId }, { signal }).then((r) => r ?? []),
  });
}

/** lower-list: the orgs below with their current team (filters: name, category, chamber type, entered or not, a leader's name, year). */
export const lowerList = (query: Record<string, QueryValue>, signal?: AbortSignal) =>
  get<PageResult<LowerView>>(P.lowerList, query, { signal }).then((p) => p ?? emptyPage<LowerView>(query));

/** administrative: the federations at and below the user's org (the lower list's 所属工商联 filter). */
export function useAdministrative() {
  return useQuery({
    queryKey: associationKeys.administrative,
    queryFn: ({ signal }) =>
      get<Array<{ id: string; parentId: string; deptName: string; fullName: string | null; regionCode: string | null }>>(P.administrative, {}, { signal }).then(
        (r) => r ?? [],
      ),
  });
}

/** associationbase: an org's base record (prefilled, id null, before its first save). */
export const baseDetail = (deptId: string, signal?: AbortSignal) => get<AssociationBaseView>(P.baseDetail, { deptId }, { signal });
export function useAssociationBase(deptId: string | undefined) {
  return useQuery({
    queryKey: associationKeys.base(deptId ?? ''),
    queryFn: ({ signal }) => baseDetail(deptId as string, signal),
    enabled: Boolean(deptId),
  });
}
export const submitBase = (body: Record<string, unknown>) => request<Envelope<AssociationBaseView>>(P.baseSubmit, { method: 'POST', body });

/** 大事记 as the shared CrudTable consumes it (list / submit / remove at associationhistory). */
export const historyApi: CrudApi<HistoryView, Record<string, unknown>> = bladeCrudApi('/api/aoc-service/associationhistory', associationKeys.history);
export const historyDetail = (id: string, signal?: AbortSignal) => get<HistoryView>(P.historyDetail, { id }, { signal });
