import { z } from 'zod';

/**
 * 我的组织 (specification §2 /portal/myOrg): the own org's card (GET portal/myOrg) and its sender mailbox
 * (child/emailboxConfigure). Every call is on the caller's own org: the token names it, nothing takes an id.
 */

// ---------------------------------------------------------------------------------------------
// The card (GET /api/aoc-service/portal/myOrg)

/** The org's card: who it is, where, who answers for it, and how many staff, orgs and members it has. */
export const myOrgCardRecord = z.object({
  deptId: z.string(),
  deptName: z.string(),
  /** The full name (机构全称), else the short one. */
  orgName: z.string(),
  /** 1 工商联, 2 商会, 3 协会, 4 办事机构 (DEPT_CATEGORY_NAMES). */
  deptCategory: z.number(),
  deptCategoryName: z.string().nullable(),
  parentName: z.string().nullable(),
  regionCode: z.string().nullable(),
  /** The region by name from the province down (江苏省 / 南京市). */
  regionName: z.string().nullable(),
  regionLevel: z.number().nullable(),
  /** 省级 / 市级 / 县级. */
  regionLevelName: z.string().nullable(),
  chamberType: z.number().nullable(),
  /** The person in charge: the org profile's 法定代表人, else null. */
  representative: z.string().nullable(),
  contactPerson: z.string().nullable(),
  contactPhone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  /** The org profile's id; null while the org has none (the guided completion has not been saved once). */
  profileId: z.string().nullable(),
  /** Of the guided completion's fields (MYORG_GUIDE_FIELDS), how many the profile has filled. */
  profileFilled: z.number(),
  profileTotal: z.number(),
  /** Live accounts of the org itself, and how many of them are in its address book. */
  staffCount: z.number(),
  addressBookCount: z.number(),
  /** Orgs below it: federations, chambers (商会), associations (协会). */
  federationCount: z.number(),
  chamberCount: z.number(),
  associationCount: z.number(),
  /** Live members of the org and the orgs below it, by kind. */
  memberCount: z.object({ total: z.number(), enterprise: z.number(), group: z.number(), person: z.number() }),
});
export type MyOrgCardView = z.infer<typeof myOrgCardRecord>;

/**
 * The org profile fields the guided completion (myOrg/guidance) walks through, by step. The server counts the
 * filled ones for the card's progress; the guidance page asks for them step by step (the org profile itself
 * requires only its name).
 */
export const MYORG_GUIDE_STEPS = [
  {
    key: 'basic',
    title: '基本信息',
    fields: ['name', 'creditCode', 'representative', 'level', 'regionCode', 'establishedDate', 'registrationAuthority', 'competentUnit'],
  },
  { key: 'introduction', title: '组织简介', fields: ['introduction', 'purpose', 'businessScope'] },
  { key: 'contact', title: '联系方式', fields: ['contactPerson', 'contactPhone', 'email', 'address', 'zipCode'] },
] as const;
export const MYORG_GUIDE_FIELDS: readonly string[] = MYORG_GUIDE_STEPS.flatMap((s) => s.fields);

// ---------------------------------------------------------------------------------------------
// The org's sender mailbox (child/emailboxConfigure): GET mailbox/detail, POST mailbox/submit, POST mailbox/test

/** How the SMTP connection is protected: SSL/TLS from the start (465), STARTTLS (587), or none (25). */
export const MAILBOX_SECURITY: Record<string, string> = { ssl: 'SSL/TLS', starttls: 'STARTTLS', none: '不加密' };
export const MAILBOX_SECURITY_KEYS = ['ssl', 'starttls', 'none'] as const;
export const MAILBOX_STATUS: Record<number, string> = { 1: '启用', 0: '停用' };

export const MAILBOX_MSG = {
  host: '请输入SMTP服务器地址',
  hostFormat: 'SMTP服务器地址格式不正确',
  port: '请输入端口',
  portRange: '端口应为1到65535之间的整数',
  security: '请选择加密方式',
  account: '请输入邮箱账号',
  accountFormat: '邮箱账号应为邮箱地址,如 office@example.cn',
  password: '请输入邮箱密码(授权码)',
  passwordTooLong: '邮箱密码不能超过200个字符',
  displayName: '发件人名称不能超过50个字符',
  displayNameChars: '发件人名称不能包含 < > " 或换行',
  status: '请选择状态',
  to: '请输入测试收件邮箱',
  toFormat: '测试收件邮箱格式不正确',
  versionBad: '数据版本号不正确',
  saved: '保存成功',
  testSent: '测试邮件已发送,请查收',
} as const;

const EMAIL_RE = /^[^\s@<>"(),;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;
/** A host name or an IPv4 address: letters, digits, dots and hyphens. */
const HOST_RE = /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

const emailOf = (required: string, format: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, required)
    .max(100, format)
    .regex(EMAIL_RE, format)
    .meta({ examples: ['office@example.cn'] });

/** What the mailbox form sends: the connection, the account and its password, the sender's name. */
const mailboxSettings = {
  host: z
    .string({ message: MAILBOX_MSG.host })
    .trim()
    .min(1, MAILBOX_MSG.host)
    .max(253, MAILBOX_MSG.hostFormat)
    .regex(HOST_RE, MAILBOX_MSG.hostFormat)
    .meta({ examples: ['smtp.example.cn'] }),
  port: z.coerce.number({ message: MAILBOX_MSG.port }).int(MAILBOX_MSG.portRange).min(1, MAILBOX_MSG.portRange).max(65535, MAILBOX_MSG.portRange),
  security: z.enum(MAILBOX_SECURITY_KEYS, { message: MAILBOX_MSG.security }),
  account: emailOf(MAILBOX_MSG.account, MAILBOX_MSG.accountFormat),
  /** Left out (or empty) on an update: the stored one is kept. Never answered. */
  password: z.string({ message: MAILBOX_MSG.password }).max(200, MAILBOX_MSG.passwordTooLong).optional(),
  displayName: z
    .string()
    .trim()
    .max(50, MAILBOX_MSG.displayName)
    .regex(/^[^<>"\r\n]*$/, MAILBOX_MSG.displayNameChars)
    .nullable()
    .optional(),
};

/** mailbox/submit: the first save creates the org's mailbox, later ones update it at the version read. */
export const mailboxSubmit = z
  .object({
    ...mailboxSettings,
    status: z.coerce
      .number({ message: MAILBOX_MSG.status })
      .int(MAILBOX_MSG.status)
      .refine((v) => v === 0 || v === 1, MAILBOX_MSG.status),
    version: z.coerce
      .number({ message: MAILBOX_MSG.versionBad })
      .int(MAILBOX_MSG.versionBad)
      .min(1, MAILBOX_MSG.versionBad)
      .max(2_147_483_647, MAILBOX_MSG.versionBad)
      .optional(),
  })
  .strict();
export type MailboxSubmit = z.infer<typeof mailboxSubmit>;

/** mailbox/test: sends one message now with these settings (unsaved ones too; no password: the stored one) to `to`. */
export const mailboxTest = z
  .object({
    ...mailboxSettings,
    to: emailOf(MAILBOX_MSG.to, MAILBOX_MSG.toFormat),
  })
  .strict();
export type MailboxTest = z.infer<typeof mailboxTest>;

/** The org's mailbox as answered: never the password, only whether one is stored. */
export const mailboxRecord = z.object({
  /** null while the org has none (the form starts empty, status 启用). */
  id: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  host: z.string().nullable(),
  port: z.number().nullable(),
  security: z.enum(MAILBOX_SECURITY_KEYS).nullable(),
  securityName: z.string().nullable(),
  account: z.string().nullable(),
  displayName: z.string().nullable(),
  hasPassword: z.boolean(),
  status: z.number(),
  statusName: z.string(),
  version: z.number(),
  updateTime: z.string().nullable(),
  /** The last test send: when, whether it went, and the server's reason when not. */
  testTime: z.string().nullable(),
  testOk: z.boolean().nullable(),
  testMessage: z.string().nullable(),
});
export type MailboxView = z.infer<typeof mailboxRecord>;

export const mailboxTestAnswer = z.object({ to: z.string(), testTime: z.string() });
export type MailboxTestView = z.infer<typeof mailboxTestAnswer>;
