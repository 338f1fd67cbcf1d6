import { z } from 'zod';
import { idField } from '../envelope.js';

/** System parameter (specification §3): name, key and value, all required (§5 messages). */
export const PARAM_MSG = {
  nameRequired: '请输入参数名称',
  keyRequired: '请输入参数键名',
  valueRequired: '请输入参数键值',
  keyExists: '参数键名已存在',
} as const;

const required = (msg: string, max: number) => z.string({ message: msg }).trim().min(1, msg).max(max, `长度不能超过${max}个字符`);

export const paramSubmit = z
  .object({
    id: idField.optional(),
    /** Optimistic lock: an update must carry the version it was read at. */
    version: z.coerce.number().int().min(1).optional(),
    paramName: required(PARAM_MSG.nameRequired, 255),
    paramKey: required(PARAM_MSG.keyRequired, 255).regex(/^[A-Za-z0-9_.:-]+$/, '参数键名只能包含字母、数字和 _ . : -'),
    paramValue: z.string({ message: PARAM_MSG.valueRequired }).min(1, PARAM_MSG.valueRequired).max(100_000, '参数键值过长'),
    remark: z.string().max(255, '长度不能超过255个字符').nullish(),
  })
  .strict();
export type ParamSubmit = z.infer<typeof paramSubmit>;

/** A parameter as list, submit and detail answer it. */
export const paramRecord = z.object({
  id: z.string(),
  paramName: z.string(),
  paramKey: z.string(),
  paramValue: z.string(),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type ParamView = z.infer<typeof paramRecord>;
/** getParamDetail: a parameter without its bookkeeping fields (its version, for an edit dialog that sends back what it read). */
export const paramDetail = paramRecord.pick({ id: true, paramName: true, paramKey: true, paramValue: true, remark: true, version: true });
export type ParamDetail = z.infer<typeof paramDetail>;
