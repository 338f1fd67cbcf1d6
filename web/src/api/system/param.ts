import type { ParamSubmit, ParamView } from '@gsl/contract';
import { bladeCrudApi, useCrudList, useCrudWrites, type ListQuery } from '../crud';

/**
 * System parameters (specification §3, §7 "param: GET list; POST remove (ids); POST submit"):
 *   GET  /api/blade-system/param/list    current, size, paramName, paramKey, paramValue, createTime_dategt/_datelt
 *   POST /api/blade-system/param/submit  JSON body; without id 新增成功, with id + version 更新成功
 *   POST /api/blade-system/param/remove  ?ids=1,2 → 删除成功
 */
export const paramApi = bladeCrudApi<ParamView, ParamSubmit>('/api/blade-system/param', ['system', 'param']);

export const listParams = paramApi.list;
export const submitParam = paramApi.submit;
export const removeParams = paramApi.remove;

export const useParamList = (query: ListQuery) => useCrudList(paramApi, query);
export const useParamWrites = () => useCrudWrites(paramApi);
