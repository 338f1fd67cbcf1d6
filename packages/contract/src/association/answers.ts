/** Association leadership: the answers and the calls' paths. */
import { z } from 'zod';
import { pageOf } from '../envelope.js';

// ---------------------------------------------------------------------------------------------
// Answers

/** A leader as every call answers it; phone and certificate masked unless the caller holds member_sensitive. */
export const leaderRecord = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  year: z.number(),
  leaderType: z.number(),
  leaderTypeName: z.string(),
  /** The person of the person base (人员库) this leader is. */
  personId: z.string().nullable(),
  name: z.string(),
  certType: z.number(),
  certTypeName: z.string().nullable(),
  certNo: z.string().nullable(),
  gender: z.number().nullable(),
  genderName: z.string().nullable(),
  birthDate: z.string().nullable(),
  politics: z.number().nullable(),
  politicsName: z.string().nullable(),
  phone: z.string().nullable(),
  company: z.string().nullable(),
  post: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  remark: z.string().nullable(),
  sort: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type LeaderView = z.infer<typeof leaderRecord>;
export const leaderPage = pageOf(leaderRecord);
/** chairman-detail / party-secretary-detail / president-detail: the one of the year, or null. */
export const singleLeaderAnswer = leaderRecord.nullable();
export const leaderListAnswer = z.array(leaderRecord);

/** year-list: the years that have a team, oldest first, with the team's size. */
export const yearListAnswer = z.array(z.object({ year: z.number(), leaderCount: z.number() }));
export type YearView = z.infer<typeof yearListAnswer>[number];

export const multiplexingAnswer = z.object({ fromYear: z.number(), toYear: z.number(), copied: z.number(), replaced: z.number() });
export type MultiplexingAnswer = z.infer<typeof multiplexingAnswer>;

export const leaderSortAnswer = z.object({ updated: z.number() });

/** One org of lower-list with its current team (names of the single posts, sizes of the lists). */
export const lowerRecord = z.object({
  deptId: z.string(),
  deptName: z.string(),
  fullName: z.string().nullable(),
  deptCategory: z.number(),
  deptCategoryName: z.string().nullable(),
  chamberType: z.number().nullable(),
  chamberTypeName: z.string().nullable(),
  parentId: z.string(),
  parentName: z.string().nullable(),
  regionCode: z.string().nullable(),
  /** The year of the team shown (the latest ≤ the asked year), null when none is entered. */
  year: z.number().nullable(),
  chairmanName: z.string().nullable(),
  partySecretaryName: z.string().nullable(),
  presidentName: z.string().nullable(),
  viceChairmanCount: z.number(),
  vicePresidentCount: z.number(),
  councilCount: z.number(),
  secretariatCount: z.number(),
  leaderCount: z.number(),
});
export type LowerView = z.infer<typeof lowerRecord>;
export const lowerPage = pageOf(lowerRecord);

export const administrativeRecord = z.object({
  id: z.string(),
  parentId: z.string(),
  deptName: z.string(),
  fullName: z.string().nullable(),
  regionCode: z.string().nullable(),
});
export const administrativeAnswer = z.array(administrativeRecord);

/** associationbase: before its first save prefilled with id null and version 0. */
export const associationBaseRecord = z.object({
  id: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  termNo: z.number().nullable(),
  termYears: z.number().nullable(),
  termStartDate: z.string().nullable(),
  termEndDate: z.string().nullable(),
  electionMonth: z.string().nullable(),
  councilSize: z.number().nullable(),
  standingCouncilSize: z.number().nullable(),
  congressSize: z.number().nullable(),
  secretaryGeneral: z.string().nullable(),
  secretariatSize: z.number().nullable(),
  remark: z.string().nullable(),
  /** The latest year with a team, and its size (read from the leaders). */
  currentYear: z.number().nullable(),
  currentLeaderCount: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type AssociationBaseView = z.infer<typeof associationBaseRecord>;

export const historyRecord = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  eventDate: z.string(),
  title: z.string(),
  content: z.string().nullable(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type HistoryView = z.infer<typeof historyRecord>;
export const historyPage = pageOf(historyRecord);

/** A post a person holds (personbase/detail `leaderPosts`, null without the 领导班子 menu). */
export const leaderPostRecord = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  year: z.number(),
  leaderType: z.number(),
  leaderTypeName: z.string(),
  post: z.string().nullable(),
});
export type LeaderPostView = z.infer<typeof leaderPostRecord>;

/** orgprofile/leader/list: the org's teams, newest year first; `current` marks the current term's (the latest year ≤ this year). */
export const orgLeadershipAnswer = z.array(z.object({ year: z.number(), current: z.boolean(), leaders: z.array(leaderRecord) }));
export type OrgLeadershipTerm = z.infer<typeof orgLeadershipAnswer>[number];

// ---------------------------------------------------------------------------------------------
// Paths (api-paths.tsv; the byparam variants, associationhistory submit/remove and the org profile's
// leadership are ours, see the README's deviations)

const AC = '/api/aoc-service/associationcommerce';
export const ASSOCIATION_PATHS = {
  detail: `${AC}/detail`,
  leaders: `${AC}/leaders`,
  removeLeader: `${AC}/removeleader`,
  lowerList: `${AC}/lower-list`,
  submit: `${AC}/submit`,
  submitChairman: `${AC}/submit-chairman`,
  submitPartySecretary: `${AC}/submit-party-secretary`,
  submitPresident: `${AC}/submit-president`,
  chairmanDetail: `${AC}/chairman-detail`,
  partySecretaryDetail: `${AC}/party-secretary-detail`,
  presidentDetail: `${AC}/president-detail`,
  viceChairmanList: `${AC}/vice-chairman-list`,
  viceChairmanDetail: `${AC}/vice-chairman-detail`,
  submitViceChairman: `${AC}/submit-vice-chairman`,
  removeViceChairman: `${AC}/removevicechairman`,
  vicePresidentList: `${AC}/vice-president-list`,
  vicePresidentDetail: `${AC}/vice-president-detail`,
  submitVicePresident: `${AC}/submit-vice-president`,
  removeVicePresident: `${AC}/removevicepresident`,
  yearList: `${AC}/year-list`,
  multiplexing: `${AC}/multiplexing`,
  administrative: `${AC}/administrative`,
  /** The change history of an org's teams (tag leader). */
  log: `${AC}/log`,
  /** `<call>/byparam`: the same answer for an explicit deptId and year (both required). */
  byParam: (path: string) => `${path}/byparam`,
  baseDetail: '/api/aoc-service/associationbase/detail',
  baseSubmit: '/api/aoc-service/associationbase/submit',
  historyList: '/api/aoc-service/associationhistory/list',
  historyDetail: '/api/aoc-service/associationhistory/detail',
  historySubmit: '/api/aoc-service/associationhistory/submit',
  historyRemove: '/api/aoc-service/associationhistory/remove',
  leaderList: '/api/aoc-service/associationleader/list',
  leaderSubmit: '/api/aoc-service/associationleader/submit',
  leaderRemove: '/api/aoc-service/associationleader/remove',
  leaderUpdateSort: '/api/aoc-service/associationleader/update-sort',
  orgLeadership: '/api/aoc-service/orgprofile/leader/list',
} as const;
/** The calls with a byparam variant (deptId and year required). */
export const BYPARAM_CALLS = [
  'yearList',
  'chairmanDetail',
  'partySecretaryDetail',
  'presidentDetail',
  'viceChairmanList',
  'vicePresidentList',
  'leaders',
] as const;
