/**
 * Chambers of commerce (specification §3 association payload, §7 "Chambers", §9 chamber type 1):
 * the chamber records, their leaders (副会长, 理事, 秘书处), and the 异地商会 in both directions.
 */
import { z } from 'zod';
import { ID_MSG, idOf } from '../envelope.js';
import { MASKED_MOBILE_RE, phoneProblem } from '../user.js';
import { creditCodeProblem, isDay } from './codes.js';

/**
 * chamber_type, as the demo tree's depts carry it: 3 = other provinces' chambers in Jiangsu, 4 = Jiangsu chambers elsewhere,
 * 5 = overseas chambers (境外商会, the message centre's send-range tag abroad).
 */
export const CHAMBER_TYPES: Record<number, string> = { 1: '行业商会', 2: '地区商会', 3: '外省在苏商会', 4: '江苏在外地商会', 5: '境外商会' };
export const LEADER_TYPES = { vicePresident: 2, council: 3, secretariat: 4 } as const;
export const LEADER_TYPE_LABELS: Record<number, string> = { 2: '副会长', 3: '理事', 4: '秘书处' };

/**
 * The chamber's fields as the screens and the change history name them. The leader lists
 * (vicePresidents, councils, secretariats) appear in the history as their names only.
 */
export const CHAMBER_FIELD_LABELS = {
  deptId: '所属组织',
  chamberDeptId: '商会组织',
  name: '商会名称',
  adminName: '登记名称',
  chamberType: '商会类型',
  homeRegion: '籍贯地区',
  creditCode: '统一社会信用代码',
  presidentName: '会长',
  secretaryName: '秘书长',
  establishedDate: '成立日期',
  memberCount: '会员数量',
  address: '地址',
  remark: '备注',
  vicePresidents: LEADER_TYPE_LABELS[2],
  councils: LEADER_TYPE_LABELS[3],
  secretariats: LEADER_TYPE_LABELS[4],
} as const satisfies Record<string, string>;

export const CHAMBER_MSG = {
  name: '请输入商会名称',
  type: '商会类型取值不正确',
  leaderName: '请输入姓名',
  deptNotFound: '所属组织不存在或不在数据权限范围内',
  chamberDeptNotFound: '所选商会组织不存在或不在数据权限范围内',
  nameExists: '同一组织下已有同名商会',
  orgExists: '该商会组织已有商会信息',
  tooManyLeaders: '每类领导成员最多200人',
} as const;

const keepOrClear = <T>(v: T | null | undefined | '') => (v === undefined ? undefined : v === '' || v === null ? null : v);
const optionalText = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`).nullish().transform(keepOrClear);
const idText = (message: string) => idOf(message, { trim: true });
const version = z.coerce
  .number({ message: '数据版本号必须是数字' })
  .int('数据版本号必须是整数')
  .min(1, '数据版本号不正确')
  .max(2_147_483_647, '数据版本号不正确');
const chamberType = z.union([z.number(), z.string().trim()], { message: CHAMBER_MSG.type }).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isInteger(n) || !Object.hasOwn(CHAMBER_TYPES, n)) {
    ctx.addIssue({ code: 'custom', message: CHAMBER_MSG.type });
    return z.NEVER;
  }
  return n;
});
const phone = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (!v || MASKED_MOBILE_RE.test(v)) return;
    const problem = phoneProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullish()
  .transform(keepOrClear);

export const chamberLeader = z
  .object({
    /** The stored leader this entry stands for: a masked phone sent back keeps that leader's number. */
    id: idText(ID_MSG).optional(),
    name: z.string({ message: CHAMBER_MSG.leaderName }).trim().min(1, CHAMBER_MSG.leaderName).max(50, '姓名长度不能超过50个字符'),
    post: optionalText(100),
    company: optionalText(200),
    phone,
    sort: z.coerce.number({ message: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(1_000_000, '排序过大').optional(),
  })
  .strict();
export type ChamberLeader = z.infer<typeof chamberLeader>;
const leaders = z.array(chamberLeader, { message: '领导成员格式不正确' }).max(200, CHAMBER_MSG.tooManyLeaders).optional();

/** chambercommerce submit: without id inserts (chamber_add), with id and version updates (chamber_edit); leader lists given replace the stored ones. */
export const chamberSubmit = z
  .object({
    id: idText('数据编号格式不正确').optional(),
    version: version.optional(),
    deptId: idText('所属组织编号格式不正确').optional(),
    chamberDeptId: z
      .union([idText('商会组织编号格式不正确'), z.literal('')])
      .nullish()
      .transform(keepOrClear),
    name: z.string({ message: CHAMBER_MSG.name }).trim().min(1, CHAMBER_MSG.name).max(200, '商会名称长度不能超过200个字符'),
    adminName: optionalText(200),
    chamberType: chamberType.optional(),
    homeRegion: optionalText(100),
    creditCode: z
      .string()
      .trim()
      .meta({ examples: ['91350100M000100Y43'] })
      .transform((v) => v.toUpperCase())
      .superRefine((v, ctx) => {
        const p = v ? creditCodeProblem(v) : null;
        if (p) ctx.addIssue({ code: 'custom', message: p });
      })
      .nullish()
      .transform(keepOrClear),
    presidentName: optionalText(50),
    secretaryName: optionalText(50),
    address: optionalText(255),
    establishedDate: z
      .string()
      .trim()
      .refine((v) => v === '' || isDay(v), '成立日期格式应为 yyyy-MM-dd')
      .nullish()
      .transform(keepOrClear),
    memberCount: z.coerce
      .number({ message: '会员数量必须是数字' })
      .int('会员数量必须是整数')
      .min(0, '会员数量不能小于0')
      .max(10_000_000, '会员数量过大')
      .nullish(),
    remark: optionalText(500),
    vicePresidents: leaders,
    councils: leaders,
    secretariats: leaders,
  })
  .strict();
export type ChamberSubmit = z.infer<typeof chamberSubmit>;

/**
 * chambercommerceallopatryjiangsu save-simple (§3): the form's `name` is kept as adminName, then
 * `chamberName` becomes the name (absent: the name itself). The record is an 外省在苏商会 (type 3).
 */
export const chamberSaveSimple = z
  .object({
    id: idText('数据编号格式不正确').optional(),
    version: version.optional(),
    deptId: idText('所属组织编号格式不正确').optional(),
    name: z.string({ message: CHAMBER_MSG.name }).trim().min(1, CHAMBER_MSG.name).max(200, '商会名称长度不能超过200个字符'),
    chamberName: optionalText(200),
    adminName: optionalText(200),
    homeRegion: optionalText(100),
    remark: optionalText(500),
  })
  .strict();
export type ChamberSaveSimple = z.infer<typeof chamberSaveSimple>;

// ---------------------------------------------------------------------------------------------
// Answers

/** A chamber as its lists, detail, submit and save-simple answer it. */
export const chamberRecord = z
  .object({
    id: z.string(),
    deptId: z.string(),
    deptName: z.string().nullable(),
    chamberDeptId: z.string().nullable(),
    name: z.string(),
    adminName: z.string().nullable(),
    chamberType: z.number(),
    chamberTypeName: z.string().nullable(),
    homeRegion: z.string().nullable(),
    creditCode: z.string().nullable(),
    presidentName: z.string().nullable(),
    secretaryName: z.string().nullable(),
    address: z.string().nullable(),
    establishedDate: z.string().nullable(),
    memberCount: z.number().nullable(),
    remark: z.string().nullable(),
    version: z.number(),
    createTime: z.string().nullable(),
    updateTime: z.string().nullable(),
  })
  .passthrough();
export type ChamberView = z.infer<typeof chamberRecord>;

/** simpleSelectList: a chamber as a select shows it. */
export const chamberOption = z.object({ id: z.string(), name: z.string(), chamberType: z.number(), deptId: z.string(), chamberDeptId: z.string().nullable() });
export type ChamberOption = z.infer<typeof chamberOption>;

/** A leader of a chamber (副会长, 理事, 秘书处); the phone masked unless the caller holds member_sensitive. */
export const chamberLeaderRecord = z.object({
  id: z.string(),
  chamberId: z.string(),
  leaderType: z.number(),
  leaderTypeName: z.string(),
  name: z.string(),
  post: z.string().nullable(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  sort: z.number(),
});
export type ChamberLeaderView = z.infer<typeof chamberLeaderRecord>;
/** detail-vice-president: the leader with the chamber's name. */
export const chamberLeaderDetail = chamberLeaderRecord.extend({ chamberName: z.string() });

/** nextOrgUserList: a staff member of a lower org (the phone masked without user_view). */
export const orgUserRecord = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  phone: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
});
export type OrgUserView = z.infer<typeof orgUserRecord>;
