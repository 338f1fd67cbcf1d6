import { z } from 'zod';
import { idField, pageQuery } from '../envelope.js';
import { ATTACH_PUBLIC_ID_RE } from '../system/attach.js';

/**
 * 客服中心 (specification §2 /portal/cases, cases/questionsDetail): the common questions (常见问题:
 * six at random on the support page, a searchable list, detail; administrators maintain them), and the
 * suggestions box (意见建议: every signed-in user sends one; administrators list and reply, the reply
 * reaching the sender as a notice of the message centre).
 */

export const QUESTION_MAX = 200;
export const ANSWER_MAX = 5000;
export const SUGGESTION_MAX = 1000;
export const CONTACT_MAX = 100;
export const REPLY_MAX = 1000;

export const SUPPORT_MSG = {
  questionRequired: '请输入问题',
  questionTooLong: `问题不能超过${QUESTION_MAX}个字`,
  answerRequired: '请输入解答',
  answerTooLong: `解答不能超过${ANSWER_MAX}个字`,
  categoryTooLong: '分类不能超过50个字',
  sortBad: '排序必须是0到9999之间的整数',
  keywordTooLong: '关键字不能超过50个字',
  contentRequired: '请输入意见建议内容',
  contentTooLong: `意见建议内容不能超过${SUGGESTION_MAX}个字`,
  contactTooLong: `联系方式不能超过${CONTACT_MAX}个字`,
  attachBad: '附件编号格式不正确',
  attachNotOwn: '附件不存在或不是您上传的文件',
  replyRequired: '请输入回复内容',
  replyTooLong: `回复内容不能超过${REPLY_MAX}个字`,
  alreadyReplied: '该意见建议已回复',
  senderGone: '提交人账号已不存在,无法发送回复',
  statusBad: '状态不正确',
  sent: '提交成功,感谢您的意见建议',
  replied: '回复成功,已通过消息中心通知提交人',
  replyTitle: '您的意见建议已收到回复',
} as const;

// ---------------------------------------------------------------------------------------------
// 常见问题 (aiproblembase)

export const questionRecord = z.object({
  id: z.string(),
  question: z.string(),
  answer: z.string(),
  category: z.string().nullable(),
  sort: z.number(),
  updateTime: z.string().nullable(),
  version: z.number(),
});
export type QuestionView = z.infer<typeof questionRecord>;

export const questionListQuery = pageQuery.extend({
  /** Contained in the question or its answer. */
  keyword: z.string().trim().max(50, SUPPORT_MSG.keywordTooLong).optional(),
});

export const questionSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
    question: z.string({ message: SUPPORT_MSG.questionRequired }).trim().min(1, SUPPORT_MSG.questionRequired).max(QUESTION_MAX, SUPPORT_MSG.questionTooLong),
    answer: z.string({ message: SUPPORT_MSG.answerRequired }).trim().min(1, SUPPORT_MSG.answerRequired).max(ANSWER_MAX, SUPPORT_MSG.answerTooLong),
    category: z.string().trim().max(50, SUPPORT_MSG.categoryTooLong).nullable().optional(),
    sort: z.coerce.number({ message: SUPPORT_MSG.sortBad }).int(SUPPORT_MSG.sortBad).min(0, SUPPORT_MSG.sortBad).max(9999, SUPPORT_MSG.sortBad).optional(),
  })
  .strict();
export type QuestionSubmit = z.infer<typeof questionSubmit>;

// ---------------------------------------------------------------------------------------------
// 意见建议 (suggestion)

/** 0 待回复 (new), 1 已回复 (replied). */
export const SUGGESTION_STATUS_NAMES: Record<number, string> = { 0: '待回复', 1: '已回复' };

export const suggestionSubmit = z
  .object({
    content: z.string({ message: SUPPORT_MSG.contentRequired }).trim().min(1, SUPPORT_MSG.contentRequired).max(SUGGESTION_MAX, SUPPORT_MSG.contentTooLong),
    contactInformation: z.string().trim().max(CONTACT_MAX, SUPPORT_MSG.contactTooLong).optional(),
    /** The public id of a file the caller uploaded through put-file-attach; '' for none. */
    attachment: z.union([z.string().regex(ATTACH_PUBLIC_ID_RE, SUPPORT_MSG.attachBad), z.literal('')]).optional(),
  })
  .strict();
export type SuggestionSubmit = z.infer<typeof suggestionSubmit>;

export const suggestionRecord = z.object({
  id: z.string(),
  content: z.string(),
  contactInformation: z.string().nullable(),
  /** Download link and name of the attachment, or null. */
  attachLink: z.string().nullable(),
  attachName: z.string().nullable(),
  userName: z.string().nullable(),
  deptName: z.string().nullable(),
  status: z.number(),
  statusName: z.string(),
  reply: z.string().nullable(),
  replyUserName: z.string().nullable(),
  replyTime: z.string().nullable(),
  createTime: z.string().nullable(),
});
export type SuggestionView = z.infer<typeof suggestionRecord>;

export const suggestionListQuery = pageQuery.extend({
  status: z
    .union([
      z.literal(''),
      z.coerce.number({ message: SUPPORT_MSG.statusBad }).int(SUPPORT_MSG.statusBad).min(0, SUPPORT_MSG.statusBad).max(1, SUPPORT_MSG.statusBad),
    ])
    .optional(),
  keyword: z.string().trim().max(50, SUPPORT_MSG.keywordTooLong).optional(),
});

export const suggestionReply = z
  .object({
    id: idField,
    reply: z.string({ message: SUPPORT_MSG.replyRequired }).trim().min(1, SUPPORT_MSG.replyRequired).max(REPLY_MAX, SUPPORT_MSG.replyTooLong),
  })
  .strict();
export type SuggestionReply = z.infer<typeof suggestionReply>;
