import type { ColumnsType } from 'antd/es/table';
import { CHAMBER_FIELD_LABELS } from '@gsl/contract';
import type { ChamberRow } from '../../../../api/member';
import { OpenLink } from '../../../../components/OpenLink';

/** A value as shown: '-' when empty. */
export const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/** What a field shows: a code or an org by its name. */
const SHOWN_AS: Partial<Record<keyof typeof CHAMBER_FIELD_LABELS, string>> = { chamberType: 'chamberTypeName', deptId: 'deptName' };
const DETAIL = [
  'name',
  'adminName',
  'chamberType',
  'deptId',
  'homeRegion',
  'creditCode',
  'presidentName',
  'secretaryName',
  'establishedDate',
  'memberCount',
  'address',
  'remark',
] as const;

/** A chamber's information as its detail shows it, under the contract's labels: [the row's field, label]. */
export const CHAMBER_DETAIL: Array<[string, string]> = DETAIL.map((f) => [SHOWN_AS[f] ?? f, CHAMBER_FIELD_LABELS[f]]);

/** A column of the chamber lists, titled with the contract's label. */
export const chamberColumn = (field: keyof typeof CHAMBER_FIELD_LABELS, width: number, minWidth?: number): ColumnsType<ChamberRow>[number] => {
  const shown = SHOWN_AS[field] ?? field;
  return { key: shown, dataIndex: shown, title: CHAMBER_FIELD_LABELS[field], width, ...(minWidth ? { minWidth } : {}), render: dash };
};

/** 商会名称, a link that opens the chamber. */
export const chamberNameColumn = (open: (row: ChamberRow) => void): ColumnsType<ChamberRow>[number] => ({
  key: 'name',
  dataIndex: 'name',
  title: CHAMBER_FIELD_LABELS.name,
  width: 240,
  minWidth: 160,
  render: (_: unknown, r: ChamberRow) => (
    <OpenLink onOpen={() => open(r)} testId={`chamber-open-${r.id}`}>
      {r.name}
    </OpenLink>
  ),
});
