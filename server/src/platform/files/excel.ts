import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded on first use (an import or export) rather than at every start: it takes about a third
 * of a second to load, most of a cold start's module loading (issue 18).
 */
export function excel(): Promise<typeof ExcelJS> {
  return (loading ??= import('exceljs').then((m) => (m as unknown as { default: typeof ExcelJS }).default ?? (m as unknown as typeof ExcelJS)));
}
