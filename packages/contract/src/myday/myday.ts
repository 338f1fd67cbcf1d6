import { z } from 'zod';
import { idField, pageQuery } from '../envelope.js';

/**
 * 我的一天 (specification §2 /portal/myDay, §7 "My day"): the user's to-dos (GET pending), gathered from
 * the modules that own the work, and the notepad (记事本: list, remove, submit), each user's own notes.
 */

export const NOTE_MAX_LENGTH = 500;

export const MYDAY_MSG = {
  noteRequired: '请输入记事内容',
  noteTooLong: `记事内容不能超过${NOTE_MAX_LENGTH}个字`,
  remindDateFormat: '提醒日期格式应为 yyyy-MM-dd',
  remindDateInvalid: '提醒日期不存在',
  versionBad: '数据版本号不正确',
  emptyDay: '今日暂无待办',
} as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date written yyyy-MM-dd that exists (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** 'yyyy-MM-dd[ HH:mm[:ss]]' naming a moment that exists: a real day from 1900 on, hours below 24, minutes and seconds below 60. */
export function isWireTime(text: string): boolean {
  const [day, time = '00:00:00'] = text.split(' ');
  const [h, m, sec = 0] = time.split(':').map(Number);
  return isCalendarDate(day) && Number(day.slice(0, 4)) >= 1900 && h < 24 && m < 60 && sec < 60;
}

/** 提醒日期: yyyy-MM-dd, a real day. */
const remindDate = z
  .string({ message: MYDAY_MSG.remindDateFormat })
  .trim()
  .regex(DATE_RE, MYDAY_MSG.remindDateFormat)
  .refine(isCalendarDate, MYDAY_MSG.remindDateInvalid)
  .meta({ examples: ['2026-01-31'] });

// ---------------------------------------------------------------------------------------------
// 待办 (GET pending)

/**
 * One kind of work waiting for the user: what (title), how many, and the portal screen where it is done
 * (path, with its query). Kinds with nothing waiting are left out, so an empty list is an empty day.
 */
export const pendingItem = z.object({
  /** Stable key of the kind, after the module that owns it (msg.unread, profile.annual-review …). */
  key: z.string(),
  title: z.string(),
  count: z.number(),
  path: z.string(),
  /** The newest item's time (yyyy-MM-dd HH:mm:ss), when the kind has one. */
  latestTime: z.string().nullable(),
});
export type PendingView = z.infer<typeof pendingItem>;
export const pendingAnswer = z.array(pendingItem);

// ---------------------------------------------------------------------------------------------
// 记事本 (notepad: list, submit, remove)

/** notepad/list: newest first; `content` contains, `remindDate` on that day (today's notes). */
export const notepadListQuery = pageQuery.extend({
  content: z.string().max(NOTE_MAX_LENGTH, MYDAY_MSG.noteTooLong).optional(),
  remindDate: z.union([remindDate, z.literal('')]).optional(),
});

/** notepad/submit: without id adds (新增成功), with id and version updates (更新成功). */
export const notepadSubmit = z
  .object({
    id: idField.optional(),
    version: z.coerce
      .number({ message: MYDAY_MSG.versionBad })
      .int(MYDAY_MSG.versionBad)
      .min(1, MYDAY_MSG.versionBad)
      .max(2_147_483_647, MYDAY_MSG.versionBad)
      .optional(),
    content: z.string({ message: MYDAY_MSG.noteRequired }).trim().min(1, MYDAY_MSG.noteRequired).max(NOTE_MAX_LENGTH, MYDAY_MSG.noteTooLong),
    /** '' or null clears it. */
    remindDate: z.union([remindDate, z.literal(''), z.null()]).optional(),
  })
  .strict();
export type NotepadSubmit = z.infer<typeof notepadSubmit>;

export const notepadRecord = z.object({
  id: z.string(),
  content: z.string(),
  /** yyyy-MM-dd, or null when the note has no reminder. */
  remindDate: z.string().nullable(),
  createTime: z.string().nullable(),
  updateTime: z.string().nullable(),
  version: z.number(),
});
export type NotepadView = z.infer<typeof notepadRecord>;
