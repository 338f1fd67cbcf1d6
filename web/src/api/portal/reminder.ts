import { useQuery } from '@tanstack/react-query';
import { REMINDER_PATHS as P, type PageResult, type ReminderStatusView, type ReportDataView } from '@gsl/contract';
import { get, post } from '../http';

/**
 * The chamber-information reminder (specification §4, §7; server/src/modules/portalapp/reminder):
 *   GET  /api/mem-service/cocBigScreen/getCocBigScreenViewStatus     → { viewStatus (1 = 不再提醒), cficId, reportCode }
 *   POST /api/mem-service/cocBigScreen/updateCocBigScreenViewStatus  { viewStatus: 1 }
 *   POST /api/mem-service/reportConfig/searchReportDataPage          { queryConditionMap: { cficId, reportCode }, current 1, size 20 }
 */
export const reminderKeys = {
  status: ['portal', 'reminder', 'status'] as const,
  report: (cficId: string) => ['portal', 'reminder', 'report', cficId] as const,
};

export function useReminderStatus(enabled: boolean) {
  return useQuery({ queryKey: reminderKeys.status, enabled, queryFn: ({ signal }) => get<ReminderStatusView>(P.status, undefined, { signal }) });
}

/** The report's first record's `num` (§7): how many chambers of the scope have incomplete information. */
export function useIncompleteCount(status: ReminderStatusView | undefined) {
  return useQuery({
    queryKey: reminderKeys.report(status?.cficId ?? ''),
    enabled: Boolean(status && status.viewStatus !== 1),
    queryFn: ({ signal }) =>
      post<PageResult<ReportDataView>>(
        P.report,
        { queryConditionMap: { cficId: status!.cficId, reportCode: status!.reportCode }, current: 1, size: 20 },
        { signal },
      ).then((page) => page?.records[0]?.num ?? 0),
  });
}

export const dismissReminder = () => post<{ viewStatus: number }>(P.update, { viewStatus: 1 });
