/**
 * 填报 (specification §1, §3 "Fill period", "Collect person", §4 "Fill-in dialog", §5 "Fill period form",
 * §7 "Fill-in"): the chamber's term and re-election month, its standing and executive committee members
 * and representatives (collectperson), the association supplement, each on a versioned form template
 * (businesstag), and what a federation follows: who has filled in, returns with a reason, reminders.
 */
import { z } from 'zod';
import { deptIdFilter, idOf, ID_MSG, ID_LIST_RE, pageQuery } from '../envelope.js';
import { formField, type FormField } from './template.js';
import { productToday } from '../member/codes.js';

export * from './template.js';
export * from './defaults.js';

export const PERIOD_MIN = 1;
export const PERIOD_MAX = 30;
const DIGITS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** 第N届 in Chinese numerals (第一届 … 第三十届). */
export function periodName(n: number): string {
  if (n < 10) return `第${DIGITS[n]}届`;
  const tens = Math.floor(n / 10);
  return `第${tens === 1 ? '' : DIGITS[tens]}十${DIGITS[n % 10]}届`;
}
export const PERIOD_OPTIONS = Array.from({ length: PERIOD_MAX }, (_, i) => ({ value: i + 1, label: periodName(i + 1) }));

export const FILLIN_MSG = {
  periodRequired: '请选择届别',
  finishDateRequired: '请选择换届完成年月',
  periodRange: '届别应为第一届到第三十届',
  finishDateFormat: '换届完成年月格式应为 yyyy-MM',
  finishDateFuture: '换届完成年月不能晚于本月',
  periodMissing: '请先填写届别和换届完成年月',
  ownOnly: '只能填报本组织的信息',
  notFillOrg: '只有商会和协会需要填报',
  personExists: '该人员在本届已填报,同一人员每届只能填报一次',
  certMasked: '请输入完整的身份证号码',
  submitted: '已提交给工商联,退回后才能修改',
  nothingToSubmit: '请先填报人员信息再提交',
  alreadySubmitted: '已提交,请等待工商联查看',
  notSubmitted: '该组织尚未提交,无需退回',
  commentRequired: '请填写退回原因',
  commentTooLong: '退回原因不能超过500个字',
  reported: '提交成功',
  returned: '已退回',
  remindNone: '没有需要提醒的组织',
  remindTitle: '请及时完成信息填报',
  yearBad: '年度应为2000到2100之间的整数',
  templateStale: '模板已被他人修改,请刷新后重试',
  templateNotFound: '模板不存在',
  reservedProp: (prop: string) => `字段编码「${prop}」为保留字,请更换`,
} as const;

/** The status of one org's fill-in as a federation follows it. */
export const FILL_STATUS: Record<number, string> = { 0: '未填报', 1: '填报中', 2: '已提交', 3: '已退回' };
/** A round's status (every submission is kept). */
export const ROUND_STATUS: Record<number, string> = { 1: '已提交', 2: '已退回' };

const month = () => productToday().slice(0, 7);

/** §5 Fill period form: period required 1–30, finishDate required yyyy-MM (not after this month). */
export const fillPeriodSubmit = z.object({
  id: idOf(ID_MSG, { trim: true }).optional(),
  deptId: deptIdFilter,
  period: z.coerce
    .number({ message: FILLIN_MSG.periodRequired })
    .int(FILLIN_MSG.periodRange)
    .min(PERIOD_MIN, FILLIN_MSG.periodRange)
    .max(PERIOD_MAX, FILLIN_MSG.periodRange)
    .meta({ examples: [3] }),
  finishDate: z
    .string({ message: FILLIN_MSG.finishDateRequired })
    .trim()
    .min(1, FILLIN_MSG.finishDateRequired)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, FILLIN_MSG.finishDateFormat)
    .refine((v) => v <= month(), FILLIN_MSG.finishDateFuture)
    .meta({ examples: ['2024-06'] }),
  version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export type FillPeriodSubmit = z.infer<typeof fillPeriodSubmit>;
export const deptQuery = z.object({ deptId: deptIdFilter });

export const fillPeriodView = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  period: z.number(),
  periodName: z.string(),
  finishDate: z.string(),
  version: z.number(),
  updateTime: z.string().nullable(),
});
export type FillPeriodView = z.infer<typeof fillPeriodView>;

// ---------------------------------------------------------------------------------------------- templates

export const templateView = z.object({
  id: z.string(),
  templateKey: z.string(),
  name: z.string(),
  menuCode: z.string(),
  version: z.number(),
  fields: z.array(formField),
  createTime: z.string().nullable(),
  createUserName: z.string().nullable(),
});
export type TemplateView = z.infer<typeof templateView> & { fields: FormField[] };

const TEMPLATE_KEY_RE = /^[a-zA-Z][a-zA-Z0-9_]{0,49}$/;
const templateKey = z
  .string({ message: '请提供模板编码' })
  .trim()
  .regex(TEMPLATE_KEY_RE, '模板编码格式不正确')
  .meta({ examples: ['collectperson'] });
export const templateByKeyQuery = z.object({ templateKey, version: z.coerce.number().int().min(1).max(100000).optional() });
export const templateByMenuQuery = z.object({
  menuId: z
    .string({ message: '请提供菜单编号' })
    .trim()
    .regex(/^[a-zA-Z0-9_]{1,64}$/, '菜单编号格式不正确')
    .meta({ examples: ['fillin_collect'] }),
  deptId: deptIdFilter,
});
export const templateKeyQuery = z.object({ templateKey });
/** Props a form may not use: the record's own keys travel beside the fields. */
export const RESERVED_PROPS = ['id', 'version', 'deptId', 'year', 'period', 'templateVersion'];
export const templateSubmit = z.object({
  templateKey,
  name: z.string({ message: '请输入模板名称' }).trim().min(1, '请输入模板名称').max(60, '模板名称不能超过60个字符'),
  fields: z.array(formField, { message: '模板至少需要一个字段' }).min(1, '模板至少需要一个字段').max(60, '字段不能超过60个'),
  /** The version the administrator edited; a newer one meanwhile is refused (模板已被他人修改). */
  version: z.coerce.number({ message: '请提供模板版本号' }).int().min(1).max(100000),
});
export type TemplateSubmit = z.infer<typeof templateSubmit>;
export const templateVersionView = z.object({
  id: z.string(),
  version: z.number(),
  name: z.string(),
  createTime: z.string().nullable(),
  createUserName: z.string().nullable(),
});

// ---------------------------------------------------------------------------------------------- collect person

/** A form as sent: the record's keys and the template's fields, flat (BladeX submit), values text or number. */
const formValue = z.union([z.string().max(2000, '内容过长'), z.number(), z.null()]);
export const collectSubmit = z
  .object({ id: idOf(ID_MSG, { trim: true }).optional(), version: z.coerce.number().int().min(1).max(2_147_483_647).optional() })
  .catchall(formValue)
  .refine((v) => Object.keys(v).length <= 80, '字段过多');
export type CollectSubmit = z.infer<typeof collectSubmit>;

export const collectPageQuery = pageQuery.extend({
  deptId: deptIdFilter,
  period: z.coerce.number().int().min(PERIOD_MIN).max(PERIOD_MAX).optional(),
  category: z.union([z.enum(['1', '2', '3']), z.literal('')]).optional(),
  name: z.string().trim().max(50, '姓名不能超过50个字符').optional(),
});
export type CollectPageQuery = z.infer<typeof collectPageQuery>;

export const collectPersonView = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  period: z.number(),
  periodName: z.string(),
  name: z.string(),
  category: z.string(),
  categoryName: z.string(),
  certNo: z.string().nullable(),
  mobile: z.string().nullable(),
  /** Every field the record's template version stored (certNo and mobile masked). */
  data: z.record(z.string(), z.string().nullable()),
  templateVersion: z.number(),
  version: z.number(),
  updateTime: z.string().nullable(),
  personBaseId: z.string().nullable().optional(),
  personBaseUnionId: z.string().nullable().optional(),
});
export type CollectPersonView = z.infer<typeof collectPersonView>;

export const roundView = z.object({
  id: z.string(),
  kind: z.string(),
  period: z.number(),
  status: z.number(),
  statusName: z.string(),
  counts: z.record(z.string(), z.number()),
  submitUserName: z.string().nullable(),
  submitTime: z.string().nullable(),
  returnUserName: z.string().nullable(),
  returnTime: z.string().nullable(),
  returnComment: z.string().nullable(),
});
export type RoundView = z.infer<typeof roundView>;

const comment = z.string({ message: FILLIN_MSG.commentRequired }).trim().min(1, FILLIN_MSG.commentRequired).max(500, FILLIN_MSG.commentTooLong);
export const collectReturn = z.object({ deptId: idOf(ID_MSG, { trim: true, required: '请选择组织' }), comment });
export const supplementReturn = z.object({ id: idOf(ID_MSG, { trim: true, required: '请提供数据编号' }), comment });
export const remindBody = z.object({
  /** Orgs to remind (comma-separated); empty: every org in scope not yet submitted. */
  deptIds: z.union([z.string().trim().regex(ID_LIST_RE, ID_MSG).max(20000), z.literal('')]).optional(),
});
export const remindAnswer = z.object({ orgs: z.number(), recipients: z.number() });

export const situationQuery = pageQuery
  .extend({
    deptName: z.string().trim().max(100, '组织名称不能超过100个字符').optional(),
    status: z.union([z.enum(['0', '1', '2', '3']), z.literal('')]).optional(),
    year: z.coerce.number({ message: FILLIN_MSG.yearBad }).int(FILLIN_MSG.yearBad).min(2000, FILLIN_MSG.yearBad).max(2100, FILLIN_MSG.yearBad).optional(),
  })
  .strict();
export type SituationQuery = z.infer<typeof situationQuery>;
/** export-filling-situation: the filters of 填报情况 (no paging: every org of the scope that matches; other keys ignored). */
export const situationExportQuery = z.object({ deptName: situationQuery.shape.deptName, status: situationQuery.shape.status });
export type SituationExportQuery = z.infer<typeof situationExportQuery>;

export const situationView = z.object({
  deptId: z.string(),
  deptName: z.string(),
  parentName: z.string().nullable(),
  period: z.number().nullable(),
  periodName: z.string().nullable(),
  finishDate: z.string().nullable(),
  standing: z.number(),
  executive: z.number(),
  representative: z.number(),
  total: z.number(),
  status: z.number(),
  statusName: z.string(),
  filled: z.boolean(),
  lastChange: z.string().nullable(),
  submitTime: z.string().nullable(),
  returnComment: z.string().nullable(),
});
export type SituationView = z.infer<typeof situationView>;

// ---------------------------------------------------------------------------------------------- supplement

export const supplementQuery = z.object({
  deptId: deptIdFilter,
  year: z.coerce.number({ message: FILLIN_MSG.yearBad }).int(FILLIN_MSG.yearBad).min(2000, FILLIN_MSG.yearBad).max(2100, FILLIN_MSG.yearBad).optional(),
});
export const supplementSubmit = z
  .object({
    id: idOf(ID_MSG, { trim: true }).optional(),
    version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    year: z.coerce.number({ message: FILLIN_MSG.yearBad }).int(FILLIN_MSG.yearBad).min(2000, FILLIN_MSG.yearBad).max(2100, FILLIN_MSG.yearBad).optional(),
  })
  .catchall(formValue)
  .refine((v) => Object.keys(v).length <= 80, '字段过多');
export type SupplementSubmit = z.infer<typeof supplementSubmit>;

export const supplementView = z.object({
  id: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  year: z.number(),
  data: z.record(z.string(), z.string().nullable()),
  status: z.number(),
  statusName: z.string(),
  returnComment: z.string().nullable(),
  templateVersion: z.number(),
  version: z.number(),
  submitTime: z.string().nullable(),
});
export type SupplementView = z.infer<typeof supplementView>;

export const supplementSituationView = z.object({
  id: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string(),
  parentName: z.string().nullable(),
  year: z.number(),
  status: z.number(),
  statusName: z.string(),
  filled: z.boolean(),
  submitTime: z.string().nullable(),
  returnComment: z.string().nullable(),
});
export type SupplementSituationView = z.infer<typeof supplementSituationView>;

export const FILLIN_PATHS = {
  period: '/api/aoc-service/fillperiod',
  collect: '/api/aoc-service/collectperson',
  supplement: '/api/aoc-service/associationcommercesupplement',
  template: '/api/aoc-service/businesstag',
} as const;

/** Session storage flag of §4: set when the period dialog is closed, so it does not open again this session. */
export const NO_SHOW_BOX = 'NoShowBox';
