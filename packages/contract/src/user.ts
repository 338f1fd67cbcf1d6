import { z } from 'zod';
import { ID_LIST_RE, ID_MSG, ID_RE, idOf, type ImportAnswer, type ImportError } from './envelope.js';

/**
 * User accounts (specification §3 "User", §4 enabled / disabled / unlocked, §5 phone rule, §7 blade-user
 * calls). Texts shared by the server's answers and the web's forms.
 */
export const USER_MSG = {
  accountRequired: '请输入账号',
  accountFormat: '账号只能包含字母、数字和 _ . @ -',
  accountExists: '账号已存在',
  realNameRequired: '请输入姓名',
  deptRequired: '请选择所属机构',
  deptOutOfScope: '所属机构不存在或不在数据权限范围内',
  roleRequired: '请选择所属角色',
  roleNotGrantable: '所选角色不存在或无权分配',
  passwordRequired: '请输入密码',
  initialPasswordWeak: '密码至少8位且包含字母和数字',
  ownPassword: '请通过修改密码功能修改本人密码',
  tooManyResets: '一次最多重置100个账号的密码',
  passwordOnUpdate: '修改用户时不能修改密码,请使用密码重置或设置密码',
  oldPasswordWrong: '原密码不正确',
  passwordMismatch: '两次输入的密码不一致',
  passwordWeak: '新密码至少8位且包含字母和数字',
  passwordSame: '新密码不能与原密码相同',
  removeSelf: '不能删除当前登录账号',
  disableSelf: '不能禁用当前登录账号',
  outranked: '无权操作该账号',
  emailFormat: '邮箱格式不正确',
  passwordReset: '密码已重置,新密码仅显示这一次,请妥善转交',
  passwordSet: '密码设置成功',
  passwordChanged: '密码修改成功',
  granted: '角色配置成功,重新登录后生效',
  unlocked: '账号解封成功',
  enabled: '账号启用成功',
  disabled: '账号禁用成功',
} as const;

/** §5 phone number: the three messages of the phone form, checked in this order. */
export const PHONE_MSG = {
  required: '手机号码不能为空',
  length: '手机号码长度不为11位',
  format: '手机号码格式不正确',
} as const;

/**
 * A mainland mobile number. The specification's observed pattern has a landline shape, so its check
 * looked inverted (it accepted landlines and refused mobiles); this is the intended rule, not the
 * observed one — a documented deviation (§5 allows either).
 */
export const MOBILE_RE = /^1[3-9]\d{9}$/;
/** How a phone is shown to someone without the user_view button: 138****1234. */
export const MASKED_MOBILE_RE = /^1[3-9]\d\*{4}\d{4}$/;

/** The first §5 phone rule the value breaks, or null. */
export function phoneProblem(value: string | null | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return PHONE_MSG.required;
  if (v.length !== 11) return PHONE_MSG.length;
  if (!MOBILE_RE.test(v)) return PHONE_MSG.format;
  return null;
}

export function maskPhone(phone: string | null | undefined): string | null {
  if (!phone) return phone ?? null;
  return phone.length >= 8 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

/** Password strength: at least 8 characters with letters and digits; 128 at most (the sign-on limit). */
export function passwordProblem(value: string): string | null {
  if (value.length < 8 || value.length > 128 || !/[A-Za-z]/.test(value) || !/\d/.test(value)) return USER_MSG.passwordWeak;
  return null;
}

const SELECT_ONE = '请选择至少一条数据';
const id = idOf(ID_MSG, { trim: true });
const idList = (message: string) => z.string({ message }).trim().min(1, message).max(20000, '一次选择的数据过多').regex(ID_LIST_RE, ID_MSG);
/** Absent stays absent (an update keeps the stored value); '' or null clears it. */
const keepOrClear = <T>(v: T | null | undefined | '') => (v === undefined ? undefined : v ? v : null);
const text = (max: number) => z.string().trim().max(max, `长度不能超过${max}个字符`);
const optionalText = (max: number) => text(max).nullish().transform(keepOrClear);
const account = z
  .string({ message: USER_MSG.accountRequired })
  .trim()
  .min(1, USER_MSG.accountRequired)
  .max(45, '账号长度不能超过45个字符')
  .regex(/^[A-Za-z0-9_.@-]+$/, USER_MSG.accountFormat);
/** A phone as typed, or the masked form the list showed (kept unchanged by the server). */
const phone = z
  .string({ message: PHONE_MSG.required })
  .trim()
  .superRefine((v, ctx) => {
    if (MASKED_MOBILE_RE.test(v)) return;
    const problem = phoneProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const email = z
  .string()
  .trim()
  .max(45, '邮箱长度不能超过45个字符')
  .refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), USER_MSG.emailFormat)
  .nullish()
  .transform(keepOrClear);
const flag = z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], { message: '取值只能是0或1' }).transform(Number);
const sex = z
  .union([z.literal(1), z.literal(2), z.literal(3), z.literal('1'), z.literal('2'), z.literal('3')], { message: '性别取值不正确' })
  .transform(Number);
const birthday = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '生日格式应为 yyyy-MM-dd')
  .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), '生日日期不存在')
  .or(z.literal(''))
  .nullish()
  .transform(keepOrClear);
const seq = z.coerce.number({ message: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(1_000_000, '排序过大');
const version = z.coerce.number({ message: '数据版本号必须是数字' }).int().min(1).max(2_147_483_647);

/** The profile fields an administrator edits (submit and update). */
const profile = {
  realName: z.string({ message: USER_MSG.realNameRequired }).trim().min(1, USER_MSG.realNameRequired).max(20, '姓名长度不能超过20个字符'),
  name: optionalText(20),
  phone,
  email,
  avatar: optionalText(500),
  sex: sex.nullish(),
  birthday,
  code: optionalText(12),
  seq: seq.optional(),
  isAddressBook: flag.optional(),
};

/**
 * submit: without id creates the account with its password (user_add); with id and version updates it
 * without touching the password (user_edit). roleIds is a comma list of the tenant's roles.
 */
export const userSubmit = z
  .object({
    id: id.optional(),
    version: version.optional(),
    account,
    password: z.string().max(128, USER_MSG.passwordWeak).optional(),
    password2: z.string().max(128, USER_MSG.passwordMismatch).optional(),
    deptId: z.string({ message: USER_MSG.deptRequired }).trim().min(1, USER_MSG.deptRequired).regex(ID_RE, '所属机构编号格式不正确'),
    postId: z
      .union([id, z.literal('')])
      .nullish()
      .transform(keepOrClear),
    roleIds: z.union([idList(USER_MSG.roleRequired), z.literal('')]).optional(),
    profileTag: z.enum(['aoc', 'coc'], { message: '人员标签只能是 aoc 或 coc' }).nullish(),
    ...profile,
  })
  .strict();
export type UserSubmit = z.infer<typeof userSubmit>;

/** update: the profile fields given (no account, password, dept or roles), at the version read. */
export const userUpdate = z
  .object({
    id,
    version,
    realName: profile.realName.optional(),
    name: profile.name.optional(),
    phone: phone.optional(),
    email: email.optional(),
    avatar: profile.avatar.optional(),
    sex: profile.sex,
    birthday: birthday.optional(),
    code: profile.code.optional(),
    seq: profile.seq,
    isAddressBook: profile.isAddressBook,
  })
  .strict();
export type UserUpdate = z.infer<typeof userUpdate>;

export const changeAccount = z.object({ id, version, account }).strict();

/** 用户平台配置 (BladeX): the user types an account's extension is kept for. */
export const USER_TYPE_NAMES: Record<number, string> = { 1: 'WEB', 2: 'APP', 3: 'OTHER' };

/**
 * update-platform (BladeX, fields in the query as Saber sends them): the extension kept for the account and
 * user type, JSON object text (empty clears it).
 */
export const userPlatformUpdate = z
  .object({
    userId: id,
    userType: z.coerce
      .number({ message: '请选择用户平台' })
      .int('请选择用户平台')
      .refine((v) => v in USER_TYPE_NAMES, '用户平台只能是 1 (WEB)、2 (APP) 或 3 (OTHER)'),
    userExt: z
      .string()
      .max(2000, '用户拓展信息不能超过 2000 个字符')
      .refine((v) => {
        if (!v.trim()) return true;
        try {
          const o = JSON.parse(v);
          return typeof o === 'object' && o !== null && !Array.isArray(o);
        } catch {
          return false;
        }
      }, '用户拓展信息须为 JSON 对象, 如 {"employeeNo":"001"}')
      .default(''),
  })
  .strict();
export type UserPlatformUpdate = z.infer<typeof userPlatformUpdate>;
export type ChangeAccount = z.infer<typeof changeAccount>;

/** update-password (own account): BladeX's field names. */
export const updatePassword = z
  .object({
    oldPassword: z.string({ message: '请输入原密码' }).min(1, '请输入原密码').max(128, USER_MSG.oldPasswordWrong),
    newPassword: z.string({ message: '请输入新密码' }).min(1, '请输入新密码').max(128, USER_MSG.passwordWeak),
    newPassword1: z.string({ message: '请确认新密码' }).min(1, '请确认新密码').max(128, USER_MSG.passwordMismatch),
  })
  .strict();
export type UpdatePassword = z.infer<typeof updatePassword>;

/** set-password (administrator sets one user's password). */
export const setPassword = z
  .object({
    userId: id,
    password: z.string({ message: USER_MSG.passwordRequired }).min(1, USER_MSG.passwordRequired).max(128, USER_MSG.passwordWeak),
    password2: z.string().max(128, USER_MSG.passwordMismatch).optional(),
  })
  .strict();
export type SetPassword = z.infer<typeof setPassword>;

/** Calls on a selection of users take `userIds` (BladeX) or `ids`, comma-separated, in the query. */
export const userIdsQuery = z
  .object({ userIds: idList(SELECT_ONE).optional(), ids: idList(SELECT_ONE).optional() })
  .refine((q) => q.userIds || q.ids, { message: SELECT_ONE, path: ['userIds'] })
  .transform((q) => ({ userIds: [...new Set((q.userIds || q.ids)!.split(','))] }));

export const grantQuery = z
  .object({ userIds: idList(SELECT_ONE).optional(), ids: idList(SELECT_ONE).optional(), roleIds: idList(USER_MSG.roleRequired) })
  .refine((q) => q.userIds || q.ids, { message: SELECT_ONE, path: ['userIds'] })
  .transform((q) => ({ userIds: [...new Set((q.userIds || q.ids)!.split(','))], roleIds: [...new Set(q.roleIds.split(','))] }));

export const addressBookQuery = z
  .object({ userIds: idList(SELECT_ONE).optional(), ids: idList(SELECT_ONE).optional(), isAddressBook: flag })
  .refine((q) => q.userIds || q.ids, { message: SELECT_ONE, path: ['userIds'] })
  .transform((q) => ({ userIds: [...new Set((q.userIds || q.ids)!.split(','))], isAddressBook: q.isAddressBook }));

const seqItem = z.object({ id, seq }).strict();
/** changeUserSeq: one user's seq, or a whole reordered list at once. */
export const changeUserSeq = z
  .union([seqItem, z.object({ list: z.array(seqItem).min(1, SELECT_ONE).max(1000, '一次排序的数据过多') }).strict()])
  .transform((v) => ('list' in v ? v.list : [v]));

/** A user as lists, detail and info show it (never a password hash). */
export const userRecord = z.object({
  id: z.string(),
  tenantId: z.string(),
  account: z.string(),
  name: z.string().nullable(),
  realName: z.string().nullable(),
  avatar: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable().describe('138****1234 for callers without the user_view button'),
  birthday: z.string().nullable(),
  sex: z.number().nullable(),
  sexName: z.string().nullable(),
  code: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  postId: z.string().nullable(),
  profileTag: z.string().nullable(),
  /** Comma lists, as submit takes them. */
  roleIds: z.string(),
  roleNames: z.string(),
  /** BladeX's names of roleIds / roleNames and the tenant's name, read by BladeX clients (Saber). */
  roleId: z.string().optional(),
  roleName: z.string().optional(),
  tenantName: z.string().nullable().optional(),
  seq: z.number(),
  isAddressBook: z.number(),
  status: z.number(),
  statusName: z.string(),
  /** True while a lockout (five failed sign-ons) lasts. */
  locked: z.boolean(),
  lockedUntil: z.string().nullable(),
  passwordResetRequired: z.number(),
  version: z.number(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type UserView = z.infer<typeof userRecord>;

/** platform-detail: the user with the type and the extension kept for that type (BladeX's UserVO). */
export const userPlatformRecord = userRecord.extend({ userType: z.number(), userTypeName: z.string(), userExt: z.string() });
export type UserPlatformView = z.infer<typeof userPlatformRecord>;

/** One new password from reset-password, shown once to the administrator to hand over. */
export const resetPasswordAnswer = z.object({ id: z.string(), account: z.string(), realName: z.string().nullable(), password: z.string() });
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswer>;

/** The users' import answers as every import does (ImportAnswer). */
export type UserImportError = ImportError;
export type UserImportAnswer = ImportAnswer;

/** Columns of the import template, the import and the export (header texts, Chinese). */
export const USER_SHEET_COLUMNS = {
  account: '账号',
  realName: '姓名',
  name: '昵称',
  phone: '手机号码',
  email: '邮箱',
  sex: '性别',
  dept: '所属机构',
  roles: '角色',
  profileTag: '人员标签',
  seq: '排序',
  status: '状态',
  createTime: '创建时间',
} as const;

export const SEX_NAMES: Record<number, string> = { 1: '男', 2: '女', 3: '未知' };
export const USER_STATUS_NAMES: Record<number, string> = { 1: '启用', 0: '禁用' };
export const PROFILE_TAG_NAMES: Record<string, string> = { aoc: '工商联工作人员', coc: '商会工作人员' };
