import { z } from 'zod';
import { idOf } from '../envelope.js';

/**
 * The chamber-information reminder (specification §4 "Chamber information reminder dialog", §6, §7 mem-service
 * cocBigScreen and reportConfig/searchReportDataPage): a dialog telling the user how many chambers and
 * associations of their scope have incomplete information (the org profile's fields the guided completion
 * walks). It shows while the user has not ticked 不再提醒 and the report's first record says `num` > 0.
 */

/** The report of incomplete chamber information: the top-level federation's variant, and `City` for every other org (§6). */
export const REMINDER_REPORT_CODE = 'cocInfoIncomplete';
export const REMINDER_REPORT_CODE_CITY = 'cocInfoIncompleteCity';

export const REMINDER_MSG = {
  statusBad: '提醒状态只能是0或1',
  cficRequired: '请选择工商联',
  cficBad: '工商联编号格式不正确',
  reportCodeRequired: '请提供报表编码',
  reportCodeBad: '报表编码不存在',
  reportCodeMismatch: '报表编码与所选工商联不符',
  title: '商会信息完善提醒',
  noMore: '不再提醒',
  goFix: '去完善',
  close: '关闭',
  body: (num: number) => `您管理范围内有 ${num} 家商会(协会)的组织信息尚未完善,请及时补充完善。`,
} as const;

/** getCocBigScreenViewStatus: 1 = the user ticked 不再提醒; and the report the dialog reads for the user's org. */
export const reminderStatusRecord = z.object({
  viewStatus: z.number(),
  cficId: z.string(),
  reportCode: z.string(),
});
export type ReminderStatusView = z.infer<typeof reminderStatusRecord>;

export const reminderStatusUpdate = z
  .object({
    viewStatus: z.coerce
      .number({ message: REMINDER_MSG.statusBad })
      .int(REMINDER_MSG.statusBad)
      .min(0, REMINDER_MSG.statusBad)
      .max(1, REMINDER_MSG.statusBad)
      .default(1),
  })
  .strict();

/** reportConfig/searchReportDataPage: { queryConditionMap: { cficId, reportCode }, current, size } (§7: current 1, size 20). */
export const reportDataQuery = z.object({
  queryConditionMap: z.object(
    {
      cficId: idOf(REMINDER_MSG.cficBad, { trim: true, required: REMINDER_MSG.cficRequired }),
      reportCode: z.string({ message: REMINDER_MSG.reportCodeRequired }).trim().min(1, REMINDER_MSG.reportCodeRequired).max(50, REMINDER_MSG.reportCodeBad),
    },
    { message: REMINDER_MSG.cficRequired },
  ),
  current: z.coerce.number({ message: '页码必须是数字' }).int('页码必须是整数').min(1, '页码不能小于1').max(1_000_000, '页码过大').default(1),
  size: z.coerce.number({ message: '每页条数必须是数字' }).int('每页条数必须是整数').min(1, '每页条数不能小于1').max(500, '每页条数不能超过500').default(20),
});
export type ReportDataQuery = z.infer<typeof reportDataQuery>;

/**
 * One record of the report: the first is the federation asked about (合计, its whole scope), then each federation
 * directly below it. `num` chambers and associations with incomplete information out of `total`.
 */
export const reportDataRecord = z.object({
  cficId: z.string(),
  cficName: z.string(),
  num: z.number(),
  total: z.number(),
});
export type ReportDataView = z.infer<typeof reportDataRecord>;

export const REMINDER_PATHS = {
  status: '/api/mem-service/cocBigScreen/getCocBigScreenViewStatus',
  update: '/api/mem-service/cocBigScreen/updateCocBigScreenViewStatus',
  report: '/api/mem-service/reportConfig/searchReportDataPage',
} as const;
