import { z } from 'zod';
import { ID_MSG, idOf, requiredId } from '../envelope.js';
import { MASKED_MOBILE_RE, USER_MSG, phoneProblem, userSubmit } from '../user.js';

/**
 * 我的组织's address books: a contact-only entry (issue 14 "add a person to the book as an account or a
 * contact-only entry"; README deviation 44). A person in an org's book WITHOUT an account: never a user, so
 * never signing on, never in account management, chat or the message centre's recipients. The books list
 * contacts together with the accounts in the book, each entry marked by `entryType`, in one order (`seq`).
 */
export const CONTACT_MSG = {
  realNameRequired: USER_MSG.realNameRequired,
  deptOutOfScope: USER_MSG.deptOutOfScope,
  versionRequired: '请提供数据版本号',
  removeConfirm: '确定删除该联系人?',
  duplicate: '排序数据中有重复的联系人',
} as const;

/** The kinds of a book entry: an account in the book (blade_user) or a contact-only entry. */
export const ENTRY_TYPES = ['account', 'contact'] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
export const ENTRY_TYPE_NAMES: Record<EntryType, string> = { account: '账号', contact: '联系人' };

/** Absent stays absent (an update keeps the stored value); '' or null clears it. */
const keepOrClear = <T>(v: T | null | undefined | '') => (v === undefined ? undefined : v ? v : null);
const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label}长度不能超过${max}个字符`).nullish().transform(keepOrClear);

/**
 * §5 phone rule where a phone is given ('' or absent: none). The masked form a detail showed (138****1234)
 * stands for the stored number and keeps it.
 */
const contactPhone = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (!v || MASKED_MOBILE_RE.test(v)) return;
    const problem = phoneProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullish()
  .transform((v) => (v === undefined || (v && MASKED_MOBILE_RE.test(v)) ? undefined : v ? v : null));

/**
 * contact/submit: without `id` adds a contact to the book of org `deptId` (default the caller's own) and tag
 * `profileTag` (default aoc for a federation, coc otherwise), at the end of the book unless `seq` is given;
 * with `id` and `version` updates the fields given.
 */
export const orgContactSubmit = z
  .object({
    id: idOf(ID_MSG, { trim: true }).optional(),
    version: z.coerce.number({ message: '数据版本号必须是数字' }).int('数据版本号必须是整数').min(1).max(2_147_483_647).optional(),
    deptId: z.union([idOf('所属机构编号格式不正确', { trim: true }), z.literal('')]).optional(),
    profileTag: z.enum(['aoc', 'coc'], { message: '人员标签只能是 aoc 或 coc' }).optional(),
    realName: z.string({ message: CONTACT_MSG.realNameRequired }).trim().min(1, CONTACT_MSG.realNameRequired).max(20, '姓名长度不能超过20个字符'),
    sex: userSubmit.shape.sex,
    postName: optionalText(50, '职务'),
    phone: contactPhone,
    email: userSubmit.shape.email,
    seq: z.coerce.number({ message: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(1_000_000, '排序过大').optional(),
    remark: optionalText(255, '备注'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.id && v.version === undefined) ctx.addIssue({ code: 'custom', path: ['version'], message: CONTACT_MSG.versionRequired });
  });
export type OrgContactSubmit = z.infer<typeof orgContactSubmit>;

/** contact/detail and the books' own reads name a contact by id. */
export const orgContactIdQuery = z.object({ id: requiredId('请提供联系人编号') });

/** contact/changeSeq: one contact's place in its book, or several at once (the accounts' go by changeUserSeq). */
const contactSeqItem = z
  .object({
    id: requiredId('请提供联系人编号'),
    seq: z.coerce.number({ message: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(1_000_000, '排序过大'),
  })
  .strict();
export const orgContactSeq = z
  .union([contactSeqItem, z.object({ list: z.array(contactSeqItem).min(1, '请选择至少一条数据').max(1000, '一次排序的数据过多') }).strict()], {
    message: '请提供要排序的联系人',
  })
  .transform((v) => ('list' in v ? v.list : [v]));

/** A contact as detail and submit answer it; the phone is masked as the books mask it. */
export const orgContactRecord = z.object({
  id: z.string(),
  entryType: z.literal('contact'),
  deptId: z.string(),
  deptName: z.string().nullable(),
  profileTag: z.enum(['aoc', 'coc']),
  realName: z.string(),
  sex: z.number().nullable(),
  postName: z.string().nullable(),
  phone: z.string().nullable().describe('138****1234 unless the caller holds 查看完整手机号 (or user_view)'),
  email: z.string().nullable(),
  seq: z.number(),
  remark: z.string().nullable(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type OrgContactView = z.infer<typeof orgContactRecord>;
