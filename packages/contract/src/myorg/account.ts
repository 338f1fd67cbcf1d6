import { z } from 'zod';
import { ID_LIST_RE, ID_MSG, requiredId } from '../envelope.js';
import { MASKED_MOBILE_RE, USER_MSG, phoneProblem, userRecord, userSubmit } from '../user.js';

/**
 * 我的组织 › 工商联账号管理 / 商会账号管理 (specification §2 child/userAccountManagement and
 * child/COCAccountManagement, §7 "Users": userProfile/detail, aoc/add, coc/add and update). A manager
 * creates and changes the accounts of his own org and the orgs below it: profile tag aoc for federation
 * staff, coc for chamber and association staff. The initial password is the server's, shown once or
 * sent by SMS / e-mail, and must be changed at the first sign-on.
 */
export const ORG_ACCOUNT_TAGS = ['aoc', 'coc'] as const;
export type OrgAccountTag = (typeof ORG_ACCOUNT_TAGS)[number];

/** The account screens' menu codes by profile tag (their buttons are `${code}_add` … `${code}_reset`). */
export const ORG_ACCOUNT_MENU: Record<OrgAccountTag, string> = { aoc: 'myorg_aoc_account', coc: 'myorg_coc_account' };

export const ORG_ACCOUNT_MSG = {
  notFederation: '工商联账号只能开设在工商联机构',
  notChamber: '商会账号只能开设在商会或协会',
  phoneForSms: '短信发送初始密码需要填写手机号码',
  emailForMail: '邮件发送初始密码需要填写邮箱',
  added: '新增成功',
  addedShown: '新增成功,初始密码仅显示这一次,请妥善转交',
  addedSms: '新增成功,初始密码已通过短信发送',
  addedMail: '新增成功,初始密码已通过邮件发送',
  passwordChangeRequired: '请先修改初始密码',
  roleCeiling: '所选角色包含您未拥有的权限,不能分配',
} as const;

/** How the initial password reaches the account's owner: shown once to the manager, by SMS or by e-mail. */
export const PASSWORD_DELIVERIES = ['show', 'sms', 'email'] as const;
export type PasswordDelivery = (typeof PASSWORD_DELIVERIES)[number];
export const PASSWORD_DELIVERY_NAMES: Record<PasswordDelivery, string> = { show: '页面显示一次', sms: '短信发送', email: '邮件发送' };

/** A phone that may be left out ('' or absent); otherwise the §5 rule. The masked form (138****1234) stands for the stored one. */
const optionalPhone = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    if (!v || MASKED_MOBILE_RE.test(v)) return;
    const problem = phoneProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v : null));

const roleIds = z.string({ message: USER_MSG.roleRequired }).trim().min(1, USER_MSG.roleRequired).max(4000, '一次选择的数据过多').regex(ID_LIST_RE, ID_MSG);

const shared = userSubmit.pick({
  realName: true,
  name: true,
  email: true,
  sex: true,
  birthday: true,
  code: true,
  postId: true,
  seq: true,
  isAddressBook: true,
}).shape;

/** aoc/add and coc/add: a new account of an org in scope (no password: the server issues one). */
export const orgAccountAdd = z
  .object({
    account: userSubmit.shape.account,
    deptId: userSubmit.shape.deptId,
    roleIds,
    ...shared,
    phone: optionalPhone.refine((v) => !v || !MASKED_MOBILE_RE.test(v), '手机号码格式不正确'),
    passwordDelivery: z.enum(PASSWORD_DELIVERIES, { message: '初始密码发送方式不正确' }).optional(),
  })
  .strict();
export type OrgAccountAdd = z.infer<typeof orgAccountAdd>;

/** update: the fields given, at the version read; deptId moves the account inside the scope, roleIds replaces its roles. */
export const orgAccountUpdate = z
  .object({
    id: requiredId('请提供数据编号'),
    version: z.coerce.number({ message: '数据版本号必须是数字' }).int().min(1).max(2_147_483_647),
    deptId: userSubmit.shape.deptId.optional(),
    roleIds: roleIds.optional(),
    realName: shared.realName.optional(),
    name: shared.name,
    phone: optionalPhone,
    email: shared.email,
    sex: shared.sex,
    birthday: shared.birthday,
    code: shared.code,
    postId: shared.postId,
    seq: shared.seq,
    isAddressBook: shared.isAddressBook,
  })
  .strict();
export type OrgAccountUpdate = z.infer<typeof orgAccountUpdate>;

export const orgAccountDetailQuery = z.object({ userId: requiredId('请提供用户编号') });

/** What add answers: the account, how the password went out, and the password itself only when shown once. */
export const orgAccountAddAnswer = z.object({
  user: userRecord,
  delivery: z.enum(PASSWORD_DELIVERIES),
  password: z.string().nullable().describe('the initial password, only when delivery is show (answered this once)'),
});
export type OrgAccountAddAnswer = z.infer<typeof orgAccountAddAnswer>;
