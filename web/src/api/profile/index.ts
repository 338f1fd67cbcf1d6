import { useQuery } from '@tanstack/react-query';
import type { AnnualReportView, AttachUploaded, Envelope, MemberStatistic, OrgProfileView, PageResult, ProfileBaseView, ProfileView } from '@gsl/contract';
import { bladeCrudApi, emptyPage, type CrudApi, type ListQuery } from '../crud';
import { uploadFile } from '../files';
import { get, request } from '../http';
import type { LogRecord } from '../member';

/**
 * The profile calls (specification §3 "Organisation profile", "Enterprise profile",
 * "Person profile"; server/src/modules/profile):
 *   人员库  /api/aoc-service/personbase      list, detail, submit, remove (+ list-byname, mgpersonbase/detail)
 *   企业库  /api/aoc-service/enterprisebase  list, detail, submit, remove
 *   组织档案 /api/aoc-service/orgprofile     detail, submit (by deptId), statistics, annualreport/list|submit|report|return|remove
 * and every section of a profile at `${prefix}/${section}/list|submit|remove` with the parent's id
 * (personId, enterpriseId, deptId). Certificate and phone numbers arrive masked unless the user
 * holds 查看敏感信息; sending a masked number back keeps the stored one.
 */

/**
 * A profile record or section row as the server answers it (typed by the contract's profileRecord and
 * profileBaseRecord): the fields, code fields with `<field>Name`, `version`. Only the keys every row
 * needs are required, so the screens can also hold rows they build themselves.
 */
export type ProfileRow = Pick<ProfileView, 'id' | 'deptId' | 'version'> &
  Partial<Pick<ProfileBaseView, 'unionId' | 'deptName' | 'name' | 'createTime' | 'updateTime'>> & { [field: string]: unknown };

export type { Membership } from '@gsl/contract';

export type ProfileKind = 'person' | 'enterprise' | 'org';

export const PROFILE_PREFIX: Record<ProfileKind, string> = {
  person: '/api/aoc-service/personbase',
  enterprise: '/api/aoc-service/enterprisebase',
  org: '/api/aoc-service/orgprofile',
};
/** The menu code: reads; `_add`, `_edit` (also every section's writes), `_delete`, `_view`. */
export const PROFILE_PERMISSION: Record<ProfileKind, string> = { person: 'profile_person', enterprise: 'profile_enterprise', org: 'profile_org' };
/** The request field naming the parent record in section calls. */
export const PARENT_FIELD: Record<ProfileKind, string> = { person: 'personId', enterprise: 'enterpriseId', org: 'deptId' };

export const personBaseApi = bladeCrudApi<ProfileRow, Record<string, unknown>>(PROFILE_PREFIX.person, ['profile', 'person']);
export const enterpriseBaseApi = bladeCrudApi<ProfileRow, Record<string, unknown>>(PROFILE_PREFIX.enterprise, ['profile', 'enterprise']);

export const profileDetail = (kind: 'person' | 'enterprise', id: string, signal?: AbortSignal) =>
  get<ProfileRow>(`${PROFILE_PREFIX[kind]}/detail`, { id }, { signal });

/** One person's or enterprise's change history (personbase/log, enterprisebase/log), newest first. */
export const profileLog = (kind: 'person' | 'enterprise', id: string, page: Record<string, number>, signal?: AbortSignal) =>
  get<PageResult<LogRecord>>(`${PROFILE_PREFIX[kind]}/log`, { id, ...page }, { signal }).then((p) => p ?? emptyPage<LogRecord>(page));

export function useProfileDetail(kind: 'person' | 'enterprise', id: string | undefined) {
  return useQuery({ queryKey: ['profile', kind, 'detail', id], queryFn: ({ signal }) => profileDetail(kind, id as string, signal), enabled: Boolean(id) });
}

/**
 * One section of one profile (履历, 股权, 领导班子 …) as the shared CrudTable consumes it. The
 * server answers the whole (small) list; the table filters (`field`, `field_ne`) and pages it here.
 */
export function sectionApi(kind: ProfileKind, section: string, parentId: string): CrudApi<ProfileRow, Record<string, unknown>> {
  const base = `${PROFILE_PREFIX[kind]}/${section}`;
  const parent = PARENT_FIELD[kind];
  const crud = bladeCrudApi<ProfileRow, Record<string, unknown>>(base, ['profile', kind, 'section', section, parentId]);
  return {
    ...crud,
    list: async (query: ListQuery, signal) => {
      let rows = (await get<ProfileRow[]>(`${base}/list`, { [parent]: parentId }, { signal })) ?? [];
      // The screen's own filters on the whole list: `field` equal, `field_ne` not equal (e.g. 现任 / 往届).
      for (const [k, v] of Object.entries(query)) {
        if (k === 'current' || k === 'size' || v === undefined || v === null || v === '') continue;
        const ne = k.endsWith('_ne');
        const field = ne ? k.slice(0, -3) : k;
        rows = rows.filter((r) => (String(r[field] ?? '') === String(v)) !== ne);
      }
      const size = Number(query.size ?? 10);
      const current = Number(query.current ?? 1);
      return {
        records: rows.slice((current - 1) * size, current * size),
        total: rows.length,
        size,
        current,
        pages: Math.ceil(rows.length / size),
      } satisfies PageResult<ProfileRow>;
    },
    submit: (body) => crud.submit({ ...body, [parent]: parentId }),
  };
}

/** The whole list of a section (e.g. the 会员数据概况 rows for the chart). */
export const sectionList = (kind: ProfileKind, section: string, parentId: string, signal?: AbortSignal) =>
  get<ProfileRow[]>(`${PROFILE_PREFIX[kind]}/${section}/list`, { [PARENT_FIELD[kind]]: parentId }, { signal }).then((r) => r ?? []);

// 组织档案

/** The org's profile; before its first save: prefilled from the org, `id` null and `version` 0. */
export type OrgProfile = OrgProfileView;

export const orgProfileKeys = {
  all: ['profile', 'org'] as const,
  detail: (deptId: string) => ['profile', 'org', 'detail', deptId] as const,
  statistics: (deptId: string) => ['profile', 'org', 'statistics', deptId] as const,
};

export const orgProfileDetail = (deptId: string, signal?: AbortSignal) => get<OrgProfile>(`${PROFILE_PREFIX.org}/detail`, { deptId }, { signal });

export function useOrgProfile(deptId: string | undefined) {
  return useQuery({
    queryKey: orgProfileKeys.detail(deptId ?? ''),
    queryFn: ({ signal }) => orgProfileDetail(deptId as string, signal),
    enabled: Boolean(deptId),
  });
}

/** Saves the given fields only (deptId; version 0 before the first save is left out). */
export async function orgProfileSubmit(body: Record<string, unknown> & { deptId: string; version: number }) {
  const { version, ...rest } = body;
  const envelope = await request<Envelope<OrgProfile>>(`${PROFILE_PREFIX.org}/submit`, { method: 'POST', body: version > 0 ? { ...rest, version } : rest });
  return { data: envelope.data, msg: envelope.msg };
}

export type { MemberStatistic };

export function useOrgStatistics(deptId: string | undefined) {
  return useQuery({
    queryKey: orgProfileKeys.statistics(deptId ?? ''),
    queryFn: ({ signal }) => get<MemberStatistic[]>(`${PROFILE_PREFIX.org}/statistics`, { deptId }, { signal }).then((r) => r ?? []),
    enabled: Boolean(deptId),
  });
}

// 年报

/** The report's described fields (year, title, content) come through the contract's passthrough. */
export type AnnualReport = AnnualReportView & { year: number; title: string; content: string | null };

export const annualReportApi = bladeCrudApi<AnnualReport, Record<string, unknown>>(`${PROFILE_PREFIX.org}/annualreport`, ['profile', 'org', 'annualreport']);

/** 提交 (draft or returned → submitted) or 退回 (submitted → returned, by an org above, with a reason). */
export async function annualReportTransition(action: 'report' | 'return' | 'approve', body: { id: string; version: number; reason?: string }) {
  const envelope = await request<Envelope<AnnualReport>>(`${PROFILE_PREFIX.org}/annualreport/${action}`, { method: 'POST', body });
  return { data: envelope.data, msg: envelope.msg };
}

// 附件 (照片, 标志)

export type UploadedAttach = AttachUploaded;

/** put-file-attach: one file as multipart `file`; the answer's `link` is what a url field stores. */
export async function uploadAttach(file: File): Promise<UploadedAttach> {
  return (await uploadFile<UploadedAttach>('/api/blade-resource/oss/endpoint/put-file-attach', file)).data;
}
