import { useQuery } from '@tanstack/react-query';
import {
  FILLIN_PATHS as P,
  type CollectPersonView,
  type FillPeriodView,
  type ImportAnswer,
  type PageResult,
  type RoundView,
  type SituationView,
  type SupplementSituationView,
  type SupplementView,
  type TemplateView,
} from '@gsl/contract';
import { downloadFile, uploadFile, type Progress } from '../files';
import { get, request, type QueryValue } from '../http';

/**
 * 填报 (specification §7 "Fill-in"; server/src/modules/fillin, README deviation 52):
 *   fillperiod detail|submit, collectperson page|detail|submit|remove|report|rounds|return|remind|filling-situation|
 *   export-filling-situation|export-collectperson|export-template|import-collectperson, associationcommercesupplement detail|submit|isfill|
 *   return|filling-situation, businesstag listByMenuId|formTemplateByKey|list|versions|submit.
 */
export const fillinKeys = {
  all: ['fillin'] as const,
  period: (deptId?: string) => ['fillin', 'period', deptId ?? 'own'] as const,
  persons: ['fillin', 'persons'] as const,
  rounds: (deptId?: string) => ['fillin', 'rounds', deptId ?? 'own'] as const,
  situation: ['fillin', 'situation'] as const,
  supplement: (deptId?: string) => ['fillin', 'supplement', deptId ?? 'own'] as const,
  isFill: ['fillin', 'isfill'] as const,
  /** §3: templates are cached by menuId and deptId. */
  templates: (menuId: string, deptId: string) => ['fillin', 'templates', menuId, deptId] as const,
  template: (key: string, version?: number) => ['fillin', 'template', key, version ?? 'current'] as const,
  adminTemplates: ['fillin', 'admin-templates'] as const,
};

/** An envelope's msg and data (submit calls toast the server's words). */
async function send<T>(url: string, body?: unknown, params?: Record<string, QueryValue>) {
  const envelope = await request<{ msg: string; data: T }>(url, { method: 'POST', body, params });
  return envelope;
}

export const fillinApi = {
  period: (deptId?: string, signal?: AbortSignal) => get<FillPeriodView | null>(`${P.period}/detail`, { deptId }, { signal }),
  savePeriod: (body: { id?: string; version?: number; period: number; finishDate: string }) => send<FillPeriodView>(`${P.period}/submit`, body),
  persons: (query: Record<string, QueryValue>, signal?: AbortSignal) => get<PageResult<CollectPersonView>>(`${P.collect}/page`, query, { signal }),
  person: (id: string, signal?: AbortSignal) => get<CollectPersonView>(`${P.collect}/detail`, { id }, { signal }),
  savePerson: (body: Record<string, unknown>) => send<CollectPersonView>(`${P.collect}/submit`, body),
  removePersons: (ids: string[]) => send<null>(`${P.collect}/remove`, undefined, { ids: ids.join(',') }),
  report: () => send<RoundView>(`${P.collect}/report`),
  rounds: (deptId?: string, signal?: AbortSignal) => get<RoundView[]>(`${P.collect}/rounds`, { deptId }, { signal }).then((r) => r ?? []),
  giveBack: (deptId: string, comment: string) => send<RoundView>(`${P.collect}/return`, { deptId, comment }),
  remind: (deptIds: string[]) => send<{ orgs: number; recipients: number }>(`${P.collect}/remind`, { deptIds: deptIds.join(',') }),
  situation: (query: Record<string, QueryValue>, signal?: AbortSignal) => get<PageResult<SituationView>>(`${P.collect}/filling-situation`, query, { signal }),
  exportPersons: (params: Record<string, QueryValue>, onProgress?: (p: Progress) => void) =>
    downloadFile(`${P.collect}/export-collectperson`, { method: 'POST', params, fallbackName: '常委执委及会员代表.xlsx', onProgress }),
  exportSituation: (params: Record<string, QueryValue>, onProgress?: (p: Progress) => void) =>
    downloadFile(`${P.collect}/export-filling-situation`, { method: 'POST', params, fallbackName: '填报情况.xlsx', onProgress }),
  template: () => downloadFile(`${P.collect}/export-template`, { fallbackName: '人员导入模板.xlsx' }),
  importPersons: (file: Blob & { name?: string }, dryRun: boolean, onProgress?: (p: Progress) => void) =>
    uploadFile<ImportAnswer>(`${P.collect}/import-collectperson`, file, { params: { dryRun }, fallbackName: 'persons.xlsx', onProgress }),
  supplement: (deptId?: string, signal?: AbortSignal) => get<SupplementView | null>(`${P.supplement}/detail`, { deptId }, { signal }),
  saveSupplement: (body: Record<string, unknown>) => send<SupplementView>(`${P.supplement}/submit`, body),
  isFill: (signal?: AbortSignal) => get<boolean>(`${P.supplement}/isfill`, undefined, { signal }),
  giveBackSupplement: (id: string, comment: string) => send<SupplementView>(`${P.supplement}/return`, { id, comment }),
  supplementSituation: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    get<PageResult<SupplementSituationView>>(`${P.supplement}/filling-situation`, query, { signal }),
  templatesByMenu: (menuId: string, deptId: string, signal?: AbortSignal) =>
    get<TemplateView[]>(`${P.template}/listByMenuId`, { menuId, deptId }, { signal }).then((r) => r ?? []),
  templateByKey: (templateKey: string, version?: number, signal?: AbortSignal) =>
    get<TemplateView>(`${P.template}/formTemplateByKey`, { templateKey, version }, { signal }),
  adminTemplates: (signal?: AbortSignal) => get<TemplateView[]>(`${P.template}/list`, undefined, { signal }).then((r) => r ?? []),
  saveTemplate: (body: { templateKey: string; name: string; fields: TemplateView['fields']; version: number }) =>
    send<TemplateView>(`${P.template}/submit`, body),
};

export function usePeriod(enabled = true) {
  return useQuery({ queryKey: fillinKeys.period(), queryFn: ({ signal }) => fillinApi.period(undefined, signal).then((r) => r ?? null), enabled });
}

/** The template of a menu for the org, cached by menuId and deptId (§3); the first (only) one of the menu. */
export function useMenuTemplate(menuId: string, deptId: string) {
  return useQuery({
    queryKey: fillinKeys.templates(menuId, deptId),
    queryFn: ({ signal }) => fillinApi.templatesByMenu(menuId, deptId, signal),
    staleTime: 5 * 60_000,
    select: (list) => list[0],
  });
}
