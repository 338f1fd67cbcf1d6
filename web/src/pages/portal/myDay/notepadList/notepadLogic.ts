import dayjs, { type Dayjs } from 'dayjs';
import type { NotepadView } from '../../../../api/myday/myday';

/** The wire form of 提醒日期 (contract notepadSubmit). */
export const REMIND_FORMAT = 'YYYY-MM-DD';

/** A note as the dialog edits it: 提醒日期 as a day for the picker. */
export function noteFormValues(row: NotepadView): Record<string, unknown> {
  const day = row.remindDate ? dayjs(row.remindDate, REMIND_FORMAT) : undefined;
  return { content: row.content, remindDate: day?.isValid() ? day : undefined };
}

/** The dialog's values as submit takes them: 提醒日期 as yyyy-MM-dd, or '' to clear it on an update. */
export function noteBody(values: Record<string, unknown>, row: NotepadView | undefined): Record<string, unknown> {
  const { remindDate, ...rest } = values;
  const day = remindDate as Dayjs | string | null | undefined;
  if (!day) return row ? { ...rest, remindDate: '' } : rest;
  return { ...rest, remindDate: typeof day === 'string' ? day : day.format(REMIND_FORMAT) };
}
