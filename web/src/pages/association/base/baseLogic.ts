import dayjs, { type Dayjs } from 'dayjs';
import type { AssociationBaseView } from '@gsl/contract';

const TERM_NAMES = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
/** 第一届 … 第三十届 (specification §5, §9: terms 1 to 30). */
export function termName(n: number): string {
  if (n <= 10) return `第${TERM_NAMES[n - 1]}届`;
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `第${tens === 1 ? '' : TERM_NAMES[tens - 1]}十${ones ? TERM_NAMES[ones - 1] : ''}届`;
}
export const TERM_OPTIONS = Array.from({ length: 30 }, (_, i) => ({ value: i + 1, label: termName(i + 1) }));

const DATES = ['termStartDate', 'termEndDate'] as const;
const NUMBERS = ['termNo', 'termYears', 'councilSize', 'standingCouncilSize', 'congressSize', 'secretariatSize'] as const;
const TEXTS = ['secretaryGeneral', 'remark'] as const;

/** The record → the form: dates and the month as dayjs, nulls as empty. */
export function baseFormValues(r: AssociationBaseView): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of DATES) out[k] = r[k] ? dayjs(r[k]) : undefined;
  out.electionMonth = r.electionMonth ? dayjs(`${r.electionMonth}-01`) : undefined;
  for (const k of NUMBERS) out[k] = r[k] ?? undefined;
  for (const k of TEXTS) out[k] = r[k] ?? undefined;
  return out;
}

/** The form → associationbase/submit: every field (an emptied one clears), the org, and id + version once saved. */
export function baseBody(values: Record<string, unknown>, r: Pick<AssociationBaseView, 'id' | 'version' | 'deptId'>): Record<string, unknown> {
  const body: Record<string, unknown> = { deptId: r.deptId };
  if (r.id) Object.assign(body, { id: r.id, version: r.version });
  for (const k of DATES) body[k] = values[k] ? (values[k] as Dayjs).format('YYYY-MM-DD') : null;
  body.electionMonth = values.electionMonth ? (values.electionMonth as Dayjs).format('YYYY-MM') : null;
  for (const k of NUMBERS) body[k] = values[k] === undefined || values[k] === null || values[k] === '' ? null : Number(values[k]);
  for (const k of TEXTS) {
    const t = typeof values[k] === 'string' ? (values[k] as string).trim() : '';
    body[k] = t === '' ? null : t;
  }
  return body;
}
