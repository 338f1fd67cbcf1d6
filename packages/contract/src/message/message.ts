import { z } from 'zod';
import { idOf, ID_LIST_RE, ID_MSG, pageQuery } from '../envelope.js';
import { ATTACH_PUBLIC_ID_RE } from '../system/attach.js';
import { MOBILE_RE } from '../user.js';

/**
 * The message centre (specification §7 "Message centre (/api/msg-center)"): notices, SMS and e-mail
 * sent by federation and chamber staff to a range of people, with per-recipient delivery and read state.
 */

export const CHANNELS = ['sys', 'sms', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_NAMES: Record<Channel, string> = { sys: '系统通知', sms: '短信', email: '邮件' };

/**
 * The send-range tags of §7. The specification gives only the codes; their meaning is our reading
 * (README, deviations): staff tags reach accounts (a notice, an SMS to the account's phone, an e-mail to
 * its address); member tags reach people who have no account, by SMS only.
 */
export const TAG_TYPES = ['aoc', 'ec', 'congress', 'coc', 'cocJa', 'cocAj', 'abroad', 'memG', 'memE', 'memP'] as const;
export type TagType = (typeof TAG_TYPES)[number];
export interface TagDef {
  name: string;
  /** Who the tag reaches, as the range tree explains it. */
  note: string;
  channels: readonly Channel[];
}
const STAFF: readonly Channel[] = ['sys', 'sms', 'email'];
const SMS_ONLY: readonly Channel[] = ['sms'];
export const SEND_TAGS: Record<TagType, TagDef> = {
  aoc: { name: '工商联工作人员', note: '本级及下级工商联的工作人员账号', channels: STAFF },
  ec: { name: '执委', note: '会员级别为常务理事及以上的个人会员', channels: SMS_ONLY },
  congress: { name: '会员代表', note: '企业会员和团体会员推选的会员代表', channels: SMS_ONLY },
  coc: { name: '商会工作人员', note: '所属商会、协会的工作人员账号', channels: STAFF },
  cocJa: { name: '江苏在外地商会', note: '江苏在外地商会的工作人员账号', channels: STAFF },
  cocAj: { name: '外省在苏商会', note: '外省在苏商会的工作人员账号', channels: STAFF },
  abroad: { name: '境外商会', note: '境外商会的工作人员账号', channels: STAFF },
  memG: { name: '团体会员', note: '团体会员的联系人', channels: SMS_ONLY },
  memE: { name: '企业会员', note: '企业会员的联系人', channels: SMS_ONLY },
  memP: { name: '个人会员', note: '个人会员本人', channels: SMS_ONLY },
};

/** Per-recipient delivery state. */
export const DELIVERY_STATUS = { pending: 0, sent: 1, failed: 2 } as const;
export const DELIVERY_STATUS_NAMES: Record<number, string> = { 0: '待发送', 1: '已发送', 2: '失败' };

/** A send as a whole: queued (quiet hours), sending, done (every recipient settled). */
export const SEND_STATUS_NAMES: Record<string, string> = { queued: '排队中', sending: '发送中', done: '已完成', partial: '部分失败', failed: '发送失败' };

/** The business scenario a send belongs to (§7's sendCode): the message centre itself, or a module that sends through it. */
export const SEND_CODES: Record<string, string> = {
  notice: '消息中心',
  remind: '未读提醒',
  'legal-service': '法律服务',
  fill: '填报通知',
  suggestion: '意见建议回复',
};
export const DEFAULT_SEND_CODE = 'notice';

export const MESSAGE_MSG = {
  titleRequired: '请输入标题',
  titleTooLong: '标题不能超过100个字',
  contentRequired: '请输入内容',
  contentTooLong: '内容不能超过20000个字',
  smsTooLong: '短信内容不能超过500个字',
  rangeRequired: '请选择发送范围',
  rangeTooMany: '发送范围的选项过多',
  noRecipients: '所选范围内没有可接收该渠道消息的人员',
  tagUnknown: '发送对象类型不正确',
  tagChannel: '该发送对象不支持此发送渠道',
  channelUnknown: '发送渠道不正确',
  sendCodeBad: '业务编码不正确',
  urgentDenied: '您没有紧急发送的权限',
  quotaExceeded: '今日短信额度已用完,请明日再发或联系管理员调整额度',
  quotaNotEnough: (left: number, need: number) => `今日短信剩余额度${left}条,本次需发送${need}条,请缩小发送范围或联系管理员调整额度`,
  mobileRequired: '手机号码不能为空',
  mobileLength: '手机号码长度不为11位',
  mobileFormat: '手机号码格式不正确',
  codeRequired: '请输入验证码',
  codeFormat: '验证码为6位数字',
  codeTooSoon: (s: number) => `验证码发送过于频繁,请${s}秒后再试`,
  codeDailyLimit: '该手机号今日获取验证码次数已达上限,请明日再试',
  codeWrong: '验证码不正确',
  codeExpired: '验证码已失效,请重新获取',
  noFailed: '没有发送失败的接收人',
  noUnread: '所有接收人均已阅读',
  emailFormat: '邮箱格式不正确',
  quietFormat: '免打扰时间格式应为HH:mm',
  quotaRange: '每日额度应为0至1000000之间的整数',
  signTooLong: '短信签名不能超过20个字',
  attachTooMany: '附件不能超过10个',
  dateFormat: '日期格式应为yyyy-MM-dd',
  sent: '发送成功',
  queued: '已进入发送队列',
  queuedQuiet: (at: string) => `当前为短信免打扰时段,将于${at}发送`,
} as const;

export const mobileField = z
  .string({ message: MESSAGE_MSG.mobileRequired })
  .trim()
  .min(1, MESSAGE_MSG.mobileRequired)
  .length(11, MESSAGE_MSG.mobileLength)
  .regex(MOBILE_RE, MESSAGE_MSG.mobileFormat);

const channelField = z.enum(CHANNELS, { message: MESSAGE_MSG.channelUnknown });
const sendCodeField = z
  .string()
  .trim()
  .max(50, MESSAGE_MSG.sendCodeBad)
  .regex(/^[A-Za-z][\w-]*$/, MESSAGE_MSG.sendCodeBad);
const deptId = idOf('机构编号格式不正确', { trim: true });
const optionalId = z.union([deptId, z.literal('')]).optional();
/** A calendar day that exists (2026-02-30 does not). */
const realDay = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
};
const dateField = z
  .union([
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, MESSAGE_MSG.dateFormat)
      .refine(realDay, MESSAGE_MSG.dateFormat),
    z.literal(''),
  ])
  .optional();

export const tagTypeParams = z.object({ tagType: z.enum(TAG_TYPES, { message: MESSAGE_MSG.tagUnknown }) });

/** One entry of a range: a tag below an org (default: the sender's org), or one chamber's staff. */
export const rangeItem = z
  .object({
    tagType: z.enum(TAG_TYPES, { message: MESSAGE_MSG.tagUnknown }),
    deptId: optionalId,
    cocUnionId: optionalId,
  })
  .strict();
export type RangeItem = z.infer<typeof rangeItem>;

/** A range: tags and/or named accounts (a reminder to exactly the unread). */
export const sendRange = z
  .object({
    items: z.array(rangeItem).max(200, MESSAGE_MSG.rangeTooMany).default([]),
    userIds: z.array(deptId).max(20000, MESSAGE_MSG.rangeTooMany).default([]),
  })
  .strict()
  .refine((r) => r.items.length + r.userIds.length > 0, MESSAGE_MSG.rangeRequired);
export type SendRange = z.infer<typeof sendRange>;

export const tagQuery = z.object({ deptId: optionalId, cocUnionId: optionalId, channel: channelField.optional() });
export const tagListQuery = pageQuery.extend({ deptId: optionalId, cocUnionId: optionalId, name: z.string().max(50).optional() });
export const cocListQuery = pageQuery.extend({ deptId: optionalId, name: z.string().max(50).optional() });
export const rangeCountBody = z.object({ channel: channelField, range: sendRange }).strict();

export const sendCodeQuery = z.object({ sendCode: sendCodeField.default(DEFAULT_SEND_CODE) });
export const isSendQuery = z.object({ channel: channelField, sendCode: sendCodeField.default(DEFAULT_SEND_CODE) });
export const shareQuery = z.object({ sendCode: sendCodeField.default(DEFAULT_SEND_CODE), operatorId: optionalId, orgId: optionalId });
export const legalServiceQuery = z.object({
  sendCode: sendCodeField.default(DEFAULT_SEND_CODE),
  ids: z.string({ message: '请选择至少一条数据' }).trim().max(20000).regex(ID_LIST_RE, ID_MSG),
});
export const publishListQuery = pageQuery.extend({
  sendCode: z.union([sendCodeField, z.literal('')]).optional(),
  channel: z.union([channelField, z.literal('')]).optional(),
  status: z.union([z.enum(['queued', 'sending', 'done', 'partial', 'failed'], { message: '发送状态不正确' }), z.literal('')]).optional(),
  startDate: dateField,
  endDate: dateField,
  title: z.string().max(100).optional(),
});
export const recipientListQuery = pageQuery.extend({
  noticeId: optionalId,
  sendId: optionalId,
  status: z.union([z.coerce.number().int().min(0).max(2), z.literal('')]).optional(),
  isRead: z.union([z.coerce.number().int().min(0).max(1), z.literal('')]).optional(),
  name: z.string().max(50).optional(),
});
export const receiveListQuery = pageQuery.extend({
  isRead: z.union([z.coerce.number().int().min(0).max(1), z.literal('')]).optional(),
  title: z.string().max(100).optional(),
});

const title = z.string({ message: MESSAGE_MSG.titleRequired }).trim().min(1, MESSAGE_MSG.titleRequired).max(100, MESSAGE_MSG.titleTooLong);
const content = z.string({ message: MESSAGE_MSG.contentRequired }).trim().min(1, MESSAGE_MSG.contentRequired).max(20000, MESSAGE_MSG.contentTooLong);

/** The compose form of each channel (§7: POST …/send with query sendCode, body form). */
export const sendForm = z
  .object({
    title: title.optional(),
    content,
    range: sendRange,
    urgent: z.boolean().optional(),
    /** Attachments (e-mail, notice): public ids of files uploaded through put-file-attach. */
    attachIds: z
      .array(
        z
          .string()
          .regex(ATTACH_PUBLIC_ID_RE, '附件编号格式不正确')
          .meta({ examples: ['3f2a9c1e8b7d4a6f9e0c1b2a3d4e5f60'] }),
      )
      .max(10, MESSAGE_MSG.attachTooMany)
      .default([]),
  })
  .strict();
export type SendForm = z.infer<typeof sendForm>;
/**
 * BladeX's 通知公告 (blade-desk/notice/submit, as Saber's notice screen sends it) read as the message centre's
 * notice: without an id a notice is sent (to `range`, by default the 工商联工作人员 of the sender's org and
 * below); with an id the sent notice's title and content are corrected (its recipients read the new text).
 * BladeX's `category` and `releaseTime` are taken and not stored (a notice is released when it is sent).
 */
export const deskNoticeSubmit = z
  .object({
    id: idOf(ID_MSG, { trim: true }).optional(),
    title,
    content,
    /** A list here is the range a detail answered, sent back on a correction: the range of a sent notice does not change. */
    range: z.union([sendRange, z.array(z.unknown())]).optional(),
    category: z.coerce.number().int().min(0).max(99).nullish(),
    releaseTime: z.string().max(30).nullish(),
  })
  .strict();
export type DeskNoticeSubmit = z.infer<typeof deskNoticeSubmit>;

export const sendFormFor = (channel: Channel) =>
  channel === 'sms'
    ? sendForm.refine((f) => f.content.length <= 500, { message: MESSAGE_MSG.smsTooLong, path: ['content'] })
    : sendForm.refine((f) => Boolean(f.title), { message: MESSAGE_MSG.titleRequired, path: ['title'] });

export const followUpBody = z.object({ id: deptId, channel: z.enum(['sys', 'sms'], { message: MESSAGE_MSG.channelUnknown }).default('sys') }).strict();
export const smsCodeBody = z.object({ mobile: mobileField }).strict();
export const smsValidateBody = z
  .object({
    mobile: mobileField,
    code: z
      .string({ message: MESSAGE_MSG.codeRequired })
      .trim()
      .min(1, MESSAGE_MSG.codeRequired)
      .regex(/^\d{6}$/, MESSAGE_MSG.codeFormat),
  })
  .strict();
export const sourceQuery = z.object({ unionId: optionalId, deptId: optionalId });
const hhmm = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGE_MSG.quietFormat);
export const sourceSubmit = z
  .object({
    deptId,
    signName: z.string().trim().max(20, MESSAGE_MSG.signTooLong).default(''),
    dailyQuota: z.coerce
      .number({ message: MESSAGE_MSG.quotaRange })
      .int(MESSAGE_MSG.quotaRange)
      .min(0, MESSAGE_MSG.quotaRange)
      .max(1_000_000, MESSAGE_MSG.quotaRange),
    quietStart: z.union([hhmm, z.literal('')]).default('21:00'),
    quietEnd: z.union([hhmm, z.literal('')]).default('08:00'),
  })
  .strict();

export const userMessageIds = z.object({
  ids: z.string({ message: '请选择至少一条数据' }).trim().min(1, '请选择至少一条数据').max(20000).regex(ID_LIST_RE, ID_MSG),
});
export const userMessageUpdate = z.object({ id: deptId, isRead: z.coerce.number().int().min(0, '阅读状态不正确').max(1, '阅读状态不正确') }).strict();

// ---------------------------------------------------------------------------------------------
// Answers

export const tagCount = z.object({ tagType: z.string(), name: z.string(), total: z.number(), sys: z.number(), sms: z.number(), email: z.number() });
export type TagCount = z.infer<typeof tagCount>;
export const rangeCount = z.object({ channel: z.string(), count: z.number(), byTag: z.array(z.object({ tagType: z.string(), count: z.number() })) });
export type RangeCount = z.infer<typeof rangeCount>;

export const rangePerson = z.object({
  key: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  tagType: z.string(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
});
export type RangePerson = z.infer<typeof rangePerson>;

export const rangeChamber = z.object({
  id: z.string(),
  deptName: z.string(),
  parentName: z.string().nullable(),
  chamberType: z.number().nullable(),
  chamberTypeName: z.string().nullable(),
  staffCount: z.number(),
});
export type RangeChamber = z.infer<typeof rangeChamber>;

export const sendRecord = z.object({
  id: z.string(),
  sendCode: z.string(),
  channel: z.string(),
  channelName: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  urgent: z.boolean(),
  status: z.string(),
  statusName: z.string(),
  total: z.number(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  read: z.number(),
  segments: z.number().nullable(),
  notBefore: z.string().nullable(),
  parentId: z.string().nullable(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  createUser: z.string().nullable(),
  createUserName: z.string().nullable(),
  createTime: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), link: z.string() })),
  range: z.array(z.object({ tagType: z.string(), name: z.string(), deptId: z.string().nullable(), deptName: z.string().nullable() })),
});
/** blade-desk/notice list and detail: a sent notice with BladeX's notice fields beside ours. */
export const deskNoticeRecord = sendRecord.extend({ category: z.number(), categoryName: z.string(), releaseTime: z.string().nullable() });
export type SendView = z.infer<typeof sendRecord>;

export const recipientRecord = z.object({
  id: z.string(),
  sendId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  deptId: z.string().nullable(),
  deptName: z.string().nullable(),
  tagType: z.string(),
  address: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  failReason: z.string().nullable(),
  sentTime: z.string().nullable(),
  isRead: z.number(),
  readTime: z.string().nullable(),
  remindCount: z.number(),
});
export type RecipientView = z.infer<typeof recipientRecord>;

/** A message in the receiver's box (我的一天 › 消息). */
export const inboxRecord = z.object({
  id: z.string(),
  sendId: z.string(),
  title: z.string().nullable(),
  content: z.string(),
  sendCode: z.string(),
  senderName: z.string().nullable(),
  senderDeptName: z.string().nullable(),
  isRead: z.number(),
  readTime: z.string().nullable(),
  createTime: z.string().nullable(),
  attachments: z.array(z.object({ name: z.string(), link: z.string() })),
});
export type InboxView = z.infer<typeof inboxRecord>;
export const unreadCount = z.object({ unread: z.number() });

export const isSendAnswer = z.object({ canSend: z.boolean(), reason: z.string().nullable(), channel: z.string(), sendCode: z.string() });
export const senderAnswer = z.object({
  sendCode: z.string(),
  userId: z.string(),
  userName: z.string(),
  deptId: z.string(),
  deptName: z.string().nullable(),
  signName: z.string().nullable(),
  channels: z.array(z.string()),
  canUrgent: z.boolean(),
});
export const sourceRecord = z.object({
  deptId: z.string(),
  unionId: z.string().nullable(),
  deptName: z.string().nullable(),
  signName: z.string().nullable(),
  dailyQuota: z.number(),
  usedToday: z.number(),
  remainingToday: z.number(),
  quietStart: z.string().nullable(),
  quietEnd: z.string().nullable(),
  configured: z.boolean(),
});
export type SourceView = z.infer<typeof sourceRecord>;
export const smsCodeAnswer = z.object({ expiresIn: z.number(), resendIn: z.number() });
export const smsValidateAnswer = z.object({ valid: z.boolean() });

/**
 * What the compose form shows before sending an SMS: characters as the carriers count them (every UTF-16
 * unit is one, the signature 【…】 included) and the billed messages — 70 in one, 67 per part beyond.
 */
export function smsLength(text: string, signName?: string | null): { length: number; segments: number } {
  const length = text.length + (signName ? signName.length + 2 : 0);
  if (!text.length) return { length, segments: 0 };
  return { length, segments: length <= 70 ? 1 : Math.ceil(length / 67) };
}
