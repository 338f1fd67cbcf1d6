import { useQuery } from '@tanstack/react-query';
import type {
  ChamberLeaderView,
  ChamberView,
  ChangeLogView,
  ChangeView,
  Envelope,
  ImportAnswer,
  MemberCount,
  MemberKind,
  MemberView,
  PageResult,
  RepresentativeView,
} from '@gsl/contract';
import { MEMBER_KIND_LABELS } from '@gsl/contract';
import { bladeCrudApi, emptyPage, type CrudApi } from '../crud';
import { get, request, type QueryValue } from '../http';
import { downloadFile, uploadFile, type Progress } from '../files';

/**
 * The member calls (specification §3, §7 "Members and chambers"): 企业会员
 * (memberaocenterprise), 团体会员 (memberAocGroup), 个人会员 (memberaocperson) with page / detail /
 * save / update / remove and the 会员代表 calls, the change history (auto/logger/page, aoclog), the
 * member count and the chamber list. Personal data (phones, certificate numbers) arrives masked
 * unless the user holds 查看敏感信息 (member_sensitive).
 */

/**
 * The answers' row types are the contract's (inferred from the schemas the server documents its
 * responses with). A member record: common fields plus the kind's own, code fields with `<field>Name`.
 */
export type MemberRow = MemberView;
export type Representative = RepresentativeView;
export type LogChange = ChangeView;
/** A history entry; auto/logger/page and a record's own history carry its changes, aoclog/page does not. */
export type LogRecord = ChangeLogView & { changes?: ChangeView[] };
export type { MemberCount };
export type ChamberRow = ChamberView;

/** Path prefixes as api-paths.tsv spells them. */
export const MEMBER_PREFIX: Record<MemberKind, string> = {
  enterprise: '/api/aoc-service/memberaocenterprise',
  group: '/api/aoc-service/memberAocGroup',
  person: '/api/aoc-service/memberaocperson',
};

/** The menu code of each kind: reads; `_add`, `_edit`, `_delete` for writes. */
export const MEMBER_PERMISSION: Record<MemberKind, string> = { enterprise: 'member_enterprise', group: 'member_group', person: 'member_person' };

/**
 * A member kind as the shared CrudTable consumes it: list → /page, submit → /save (no id) or
 * /update (id and version: only the fields given change), remove → /remove?ids=.
 */
export const memberApi = (kind: MemberKind): CrudApi<MemberRow, Record<string, unknown>> =>
  bladeCrudApi(MEMBER_PREFIX[kind], ['member', kind], { list: { path: 'page' }, submit: { add: 'save', update: 'update' } });

export const MEMBER_APIS: Record<MemberKind, CrudApi<MemberRow, Record<string, unknown>>> = {
  enterprise: memberApi('enterprise'),
  group: memberApi('group'),
  person: memberApi('person'),
};

/** export-member-* (POST, xlsx streamed): the list's current filters; bytes reported as they arrive. */
export const exportMembers = (kind: MemberKind, filters: Record<string, QueryValue>, onProgress?: (p: Progress) => void) =>
  downloadFile(`${MEMBER_PREFIX[kind]}/export-member-${kind}`, {
    method: 'POST',
    params: filters,
    fallbackName: `${MEMBER_KIND_LABELS[kind]}.xlsx`,
    onProgress,
  });

/** The answer of import-member-*: rows read, valid, written, and every problem by row and column. */
export type MemberImportAnswer = ImportAnswer;
/** export-template / import-member-* (every kind): the import's template and the upload (dryRun: check only). */
export const downloadMemberTemplate = (kind: MemberKind) =>
  downloadFile(`${MEMBER_PREFIX[kind]}/export-template`, { fallbackName: `${MEMBER_KIND_LABELS[kind]}导入模板.xlsx` });
export const importMembers = (kind: MemberKind, file: Blob & { name?: string }, dryRun: boolean, onProgress?: (p: Progress) => void) =>
  uploadFile<MemberImportAnswer>(`${MEMBER_PREFIX[kind]}/import-member-${kind}`, file, { params: { dryRun }, fallbackName: 'members.xlsx', onProgress });

export const memberDetail = (kind: MemberKind, id: string, signal?: AbortSignal) => get<MemberRow>(`${MEMBER_PREFIX[kind]}/detail`, { id }, { signal });

export function useMemberDetail(kind: MemberKind, id: string | undefined) {
  return useQuery({ queryKey: ['member', kind, 'detail', id], queryFn: ({ signal }) => memberDetail(kind, id as string, signal), enabled: Boolean(id) });
}

// 会员代表 (enterprises and groups)
export const representativeList = (kind: MemberKind, memberId: string, signal?: AbortSignal) =>
  get<Representative[]>(`${MEMBER_PREFIX[kind]}/representative-list`, { memberId }, { signal }).then((rows) => rows ?? []);
export const representativeSave = async (kind: MemberKind, body: { memberId: string; personId: string; title?: string; sort?: number }) =>
  (await request<Envelope<{ id: string }>>(`${MEMBER_PREFIX[kind]}/representative-save`, { method: 'POST', body })).msg;
export const representativeRemove = async (kind: MemberKind, ids: string[]) =>
  (await request<Envelope<null>>(`${MEMBER_PREFIX[kind]}/representative-remove`, { method: 'POST', params: { ids: ids.join(',') } })).msg;

// The change history
export const loggerPage = (query: Record<string, QueryValue>, signal?: AbortSignal) =>
  get<PageResult<LogRecord>>('/api/aoc-service/auto/logger/page', query, { signal }).then((p) => p ?? emptyPage<LogRecord>(query));
export const aoclogPage = (query: Record<string, QueryValue>, signal?: AbortSignal) =>
  get<PageResult<LogRecord>>('/api/aoc-service/aoclog/page', query, { signal }).then((p) => p ?? emptyPage<LogRecord>(query));
export const aoclogList = (logId: string, signal?: AbortSignal) => get<LogChange[]>('/api/aoc-service/aoclog/list', { logId }, { signal }).then((r) => r ?? []);

// Figures and chambers
export const memberCount = (signal?: AbortSignal) => get<MemberCount>('/api/aoc-service/member/member-count', undefined, { signal });
export function useMemberCount() {
  return useQuery({ queryKey: ['member', 'count'], queryFn: ({ signal }) => memberCount(signal) });
}
export { MEMBER_KIND_LABELS };

// 商会管理 (chambercommerce and the two 异地商会 lists)
const CC = '/api/aoc-service/chambercommerce';
export type ChamberLeaderRow = ChamberLeaderView;
export type LeaderList = 'vice-president-list' | 'council-list' | 'secretariat-list';
export const chamberLeaders = (list: LeaderList, chamberId: string, signal?: AbortSignal) =>
  get<ChamberLeaderRow[]>(`${CC}/${list}`, { chamberId }, { signal }).then((r) => r ?? []);
export const chamberDetail = (id: string, signal?: AbortSignal) => get<ChamberRow>(`${CC}/detail`, { id }, { signal });
/** One chamber's change history (chambercommerce/log), newest first: fields old → new, leader lists by names. */
export const chamberLog = (id: string, page: { current: number; size: number }, signal?: AbortSignal) =>
  get<PageResult<LogRecord>>(`${CC}/log`, { id, ...page }, { signal }).then((p) => p ?? emptyPage<LogRecord>(page));
/** 外省在苏商会 as the CrudTable consumes it: chamber-list, save-simple (name kept as adminName, chamberName becomes the name), remove. */
export const inboundChamberApi = bladeCrudApi<ChamberRow, Record<string, unknown>>('/api/aoc-service/chambercommerceallopatryjiangsu', ['chamber', 'in'], {
  list: { path: 'chamber-list' },
  submit: 'save-simple',
});
/** The read-only lists (no fields, no write permission: no writes shown): chamber/list (all types), 江苏在外地商会 (chambercommercejiangsuallopatry). */
const READ_ONLY_CHAMBERS = {
  all: bladeCrudApi<ChamberRow, Record<string, unknown>>('/api/aoc-service/chamber', ['chamber', 'all'], { readOnly: '只读列表' }),
  out: bladeCrudApi<ChamberRow, Record<string, unknown>>('/api/aoc-service/chambercommercejiangsuallopatry', ['chamber', 'out'], {
    list: { path: 'chamber-list' },
    readOnly: '只读列表',
  }),
};
export const readOnlyChamberApi = (which: keyof typeof READ_ONLY_CHAMBERS): CrudApi<ChamberRow, Record<string, unknown>> => READ_ONLY_CHAMBERS[which];
/** Every chamber, paged (the home page's 商会 tab). */
export const chamberPage = READ_ONLY_CHAMBERS.all.list;
