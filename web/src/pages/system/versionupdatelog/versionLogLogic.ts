import dayjs, { type Dayjs } from 'dayjs';
import type { VersionLogView } from '../../../api/system/versionLog';

/** The wire form of 发布时间 (contract versionLogSubmit). */
export const PUBLISH_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A row as the dialog edits it: 发布时间 as a date-time for the picker. */
export function versionLogFormValues(row: VersionLogView): Record<string, unknown> {
  const time = row.publishTime ? dayjs(row.publishTime) : undefined;
  return {
    versionNo: row.versionNo,
    title: row.title,
    updateType: row.updateType,
    publishTime: time?.isValid() ? time : undefined,
    content: row.content,
  };
}

/** The dialog's values as submit takes them: 发布时间 as yyyy-MM-dd HH:mm:ss, left out when empty (the server keeps or sets now). */
export function versionLogBody(values: Record<string, unknown>): Record<string, unknown> {
  const { publishTime, ...rest } = values;
  const time = publishTime as Dayjs | string | null | undefined;
  if (!time) return rest;
  return { ...rest, publishTime: typeof time === 'string' ? time : time.format(PUBLISH_FORMAT) };
}
