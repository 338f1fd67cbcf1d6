import { isWireTime } from '../myday/myday.js';
import { z } from 'zod';
import { pageQuery } from '../envelope.js';
import { ATTACH_DOWNLOAD_PATH, ATTACH_PUBLIC_ID_RE } from '../system/attach.js';
import { PHONE_MSG, USER_MSG, phoneProblem } from '../user.js';

/**
 * 个人中心 (specification §2 /portal/myCenter: basicInformation, changepwd, loginInfo, boundPhone,
 * changingPhone; §5 phone and avatar rules; §7 "Users" userProfile/info, userProfile/update,
 * blade-user/mobile, update-password and the user login log). Every call is about the caller's own account.
 */
export const MYCENTER_MSG = {
  realNameRequired: USER_MSG.realNameRequired,
  avatarInvalid: '头像须为本人上传的 jpg 或 png 图片',
  phoneNotHere: '手机号码请在“绑定手机”中修改',
  mobileTaken: '该手机号码已绑定其他账号',
  mobileSame: '新手机号码不能与当前绑定的手机号码相同',
  noPhone: '您尚未绑定手机号码',
  verifyCurrentFirst: '请先验证当前绑定的手机号码',
  verifyExpired: '当前手机号码的验证已过期,请重新验证',
  currentVerified: '验证成功,请绑定新手机号码',
  bound: '手机号码绑定成功',
  changed: '手机号码更换成功',
  codeSent: '验证码已发送',
} as const;

/** How long a verified current number lets the caller bind a new one (更换手机号, step 2). */
export const MOBILE_STEP_SECONDS = 600;

/** The avatar rule of §5 (checked before the upload on the page, and again by put-file-attach). */
export const AVATAR_RULE = { extensions: ['jpg', 'jpeg', 'png'], types: ['image/jpeg', 'image/png'], maxBytes: 500 * 1024 } as const;
export const AVATAR_MSG = { type: '头像只能是 jpg 或 png 格式', size: '头像大小不能超过500KB' } as const;

/** The public id an avatar link names (the download link of an uploaded file), or null for any other text. */
export function avatarPublicId(link: string): string | null {
  const prefix = `${ATTACH_DOWNLOAD_PATH}?id=`;
  const id = link.startsWith(prefix) ? link.slice(prefix.length) : '';
  return ATTACH_PUBLIC_ID_RE.test(id) ? id : null;
}

/** A mobile as the §5 phone form checks it: the first broken rule's message, in the specification's order. */
export const mobileInput = z.string({ message: PHONE_MSG.required }).superRefine((v, ctx) => {
  const problem = phoneProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const smsCodeInput = z
  .string({ message: '请输入验证码' })
  .trim()
  .min(1, '请输入验证码')
  .regex(/^\d{6}$/, '验证码为6位数字');

const keepOrClear = <T>(v: T | null | undefined | '') => (v === undefined ? undefined : v ? v : null);

/**
 * userProfile/update: the caller's own profile at the version read. Absent fields keep their value, ''
 * or null clears an optional one (README deviation 19). The phone is not here: it changes only through
 * the binding calls, which need SMS codes. A new avatar must be an avatar upload of the caller's (checked
 * by the server); the one already stored may be sent back unchanged.
 */
export const myProfileUpdate = z
  .object(
    {
      version: z.coerce.number({ message: '数据版本号必须是数字' }).int().min(1).max(2_147_483_647),
      realName: z
        .string({ message: MYCENTER_MSG.realNameRequired })
        .trim()
        .min(1, MYCENTER_MSG.realNameRequired)
        .max(20, '姓名长度不能超过20个字符')
        .optional(),
      name: z.string().trim().max(20, '昵称长度不能超过20个字符').nullish().transform(keepOrClear),
      sex: z
        .union([z.literal(1), z.literal(2), z.literal(3), z.literal('1'), z.literal('2'), z.literal('3')], { message: '性别取值不正确' })
        .transform(Number)
        .nullish(),
      email: z
        .string()
        .trim()
        .max(45, '邮箱长度不能超过45个字符')
        .refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), USER_MSG.emailFormat)
        .nullish()
        .transform(keepOrClear),
      avatar: z.string().trim().max(500, MYCENTER_MSG.avatarInvalid).nullish().transform(keepOrClear),
    },
    // The phone is refused by name, so a client that sends it learns where it is changed.
    { error: (iss) => (iss.code === 'unrecognized_keys' && iss.keys.includes('phone') ? MYCENTER_MSG.phoneNotHere : undefined) },
  )
  .strict();
/** The form as the page sends it, and the changes as the server reads them. */
export type MyProfileUpdate = z.input<typeof myProfileUpdate>;
export type MyProfileChanges = z.output<typeof myProfileUpdate>;

/** userProfile/info: the caller's own profile. The phone is masked (138****1234); posts and org are read-only. */
export const myProfileRecord = z.object({
  id: z.string(),
  account: z.string(),
  realName: z.string().nullable(),
  name: z.string().nullable(),
  sex: z.number().nullable(),
  sexName: z.string().nullable(),
  phone: z.string().nullable().describe('138****1234; null when no phone is bound'),
  phoneBound: z.boolean(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  /** The names of the user's posts (岗位), read-only here. */
  postNames: z.array(z.string()),
  roleNames: z.string(),
  version: z.number(),
  updateTime: z.string().nullable(),
});
export type MyProfileView = z.infer<typeof myProfileRecord>;

/** blade-user/mobile: bind (no phone yet) or change (after mobile/current/validate) the caller's phone. */
export const bindMobileBody = z.object({ mobile: mobileInput, code: smsCodeInput }).strict();
export type BindMobile = z.infer<typeof bindMobileBody>;

/** mobile/current/validate: the code sent to the number bound now (更换手机号, step 1). */
export const currentMobileCodeBody = z.object({ code: smsCodeInput }).strict();

/** mobile/current/code: a code on its way to the bound number, shown masked. */
export const currentMobileCodeAnswer = z.object({ phone: z.string(), expiresIn: z.number(), resendIn: z.number() });
export type CurrentMobileCodeView = z.infer<typeof currentMobileCodeAnswer>;
/** mobile/current/validate: how long the verified step lasts. */
export const currentMobileVerified = z.object({ expiresIn: z.number() });

/** The own sign-on history (登录信息): newest first, optionally only successes or failures and a date range. */
export const myLoginLogQuery = pageQuery.extend({
  success: z.union([z.literal('0'), z.literal('1'), z.literal('')], { message: '登录结果取值不正确' }).optional(),
  createTime_dategt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, '日期格式应为yyyy-MM-dd')
    .refine(isWireTime, '日期格式应为yyyy-MM-dd')
    .optional(),
  createTime_datelt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, '日期格式应为yyyy-MM-dd')
    .refine(isWireTime, '日期格式应为yyyy-MM-dd')
    .optional(),
});
export type MyLoginLogQuery = z.input<typeof myLoginLogQuery>;
