import type { ReactNode } from 'react';
import { DatePicker, Input, InputNumber, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import {
  CERT_TYPES,
  EDUCATIONS,
  ENTERPRISE_SCALES,
  ENTERPRISE_TYPES,
  GENDERS,
  GROUP_TYPES,
  MEMBER_FIELD_LABELS,
  MEMBER_LEVELS,
  MEMBER_STATUS,
  POLITICS,
  certProblem,
  enterpriseSave,
  groupSave,
  personUpdate,
  type MemberKind,
} from '@gsl/contract';
import type { MemberRow } from '../../../api/member';
import { RegionCascader } from '../../../components/RegionCascader';
import { OpenLink } from '../../../components/OpenLink';
import { schemaRule, type FieldSchema } from '../../../components/crud/schemaRule';
import type { CrudFormField, CrudSearchField } from '../../../components/crud/types';

/**
 * What the three member kinds (企业会员, 团体会员, 个人会员) show: table columns, search fields, the
 * add / edit form (checked by the contract's own schemas, so the form says what the server says:
 * 请输入企业名称, 统一社会信用代码校验位不正确 …) and the detail's fields. Code fields are edited with
 * selects of the contract's labels and shown with the server's `<field>Name`.
 */

type Labels = Record<number, string>;
export const optionsOf = (labels: Labels) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

/** The kind's code fields and their labels (the detail shows `<field>Name`). */
export const CODE_FIELDS: Record<MemberKind, Record<string, Labels>> = {
  enterprise: { scale: ENTERPRISE_SCALES, memberLevel: MEMBER_LEVELS, memberType: ENTERPRISE_TYPES, status: MEMBER_STATUS },
  group: { groupType: GROUP_TYPES, memberLevel: MEMBER_LEVELS, status: MEMBER_STATUS },
  person: { certType: CERT_TYPES, gender: GENDERS, politics: POLITICS, education: EDUCATIONS, memberLevel: MEMBER_LEVELS, status: MEMBER_STATUS },
};
const DATE_FIELDS = ['joinDate', 'birthDate'];

const labelOf = (kind: MemberKind, field: string) => MEMBER_FIELD_LABELS[kind][field] ?? field;
const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/** A shown value: code fields by their label, the region by its name, the rest as is. */
export function displayValue(kind: MemberKind, row: MemberRow, field: string): string {
  if (CODE_FIELDS[kind][field]) return dash(row[`${field}Name`]);
  if (field === 'regionCode') return dash(row.regionName ?? row.regionCode);
  if (field === 'deptId') return dash(row.deptName);
  return dash(row[field]);
}

/** The detail's fields, in the change history's order (every tracked field). */
export const detailFields = (kind: MemberKind) => Object.keys(MEMBER_FIELD_LABELS[kind]);

const SORTABLE = new Set([
  'name',
  'creditCode',
  'legalPerson',
  'contactName',
  'memberType',
  'groupType',
  'gender',
  'certType',
  'company',
  'post',
  'memberLevel',
  'joinDate',
  'status',
]);

/**
 * The list's columns per kind; personal data shows as the server answers it (masked without 查看敏感信息).
 * Each column has its comfortable width and, for text that may run long (names, codes, orgs), the
 * narrowest it may become so that every column fits a 1440-px screen (the rest shows in a tooltip);
 * date, status and the other short columns keep the width of their header and sort arrows.
 */
export function memberColumns(kind: MemberKind, open?: (row: MemberRow) => void): ColumnsType<MemberRow> {
  const col = (field: string, width: number, minWidth = width, render?: (row: MemberRow) => ReactNode) => ({
    key: field,
    dataIndex: field,
    title: labelOf(kind, field),
    width,
    minWidth,
    // Sorted by the server (ascs/descs) on the fields it may order by.
    sorter: SORTABLE.has(field),
    render: (_: unknown, row: MemberRow) => (render ? render(row) : displayValue(kind, row, field)),
  });
  const person = kind === 'person';
  const name = col('name', person ? 100 : 220, person ? 80 : 120, (row) =>
    open ? (
      // the name opens the record's 详情
      <OpenLink onOpen={() => open(row)} testId={`member-open-${row.id}`}>
        {row.name}
      </OpenLink>
    ) : (
      row.name
    ),
  );
  const code = col('creditCode', 180, 150);
  const phone = (field: string) => col(field, 120, 105);
  const tail = [col('joinDate', 105), col('status', 90), col('deptId', 160, 100)];
  if (kind === 'enterprise')
    return [
      name,
      code,
      col('legalPerson', 105),
      col('memberType', 110, 90),
      col('contactName', 80, 76),
      phone('contactPhone'),
      col('memberLevel', 90),
      ...tail,
    ];
  if (kind === 'group')
    return [
      name,
      code,
      col('groupType', 110, 90),
      col('contactName', 80, 76),
      phone('contactPhone'),
      col('memberCount', 90, 72),
      col('memberLevel', 90),
      ...tail,
    ];
  return [
    name,
    col('gender', 62),
    col('certType', 100, 90),
    col('certNo', 180, 150),
    phone('phone'),
    col('company', 200, 120),
    col('post', 100, 80),
    col('memberLevel', 90),
    ...tail,
  ];
}

const select = (kind: MemberKind, field: string) => (
  <Select allowClear placeholder={`请选择${labelOf(kind, field)}`} options={optionsOf(CODE_FIELDS[kind][field])} data-testid={`member-form-${field}`} />
);

/** Search: name, credit code (or certificate number, matched exactly), status, region (picked province → city → county). The join date range is the table's date range. */
export function memberSearch(kind: MemberKind): CrudSearchField[] {
  const by = (field: string, input?: ReactNode): CrudSearchField => ({ name: field, label: labelOf(kind, field), input });
  return [
    by('name'),
    by(kind === 'person' ? 'certNo' : 'creditCode'),
    by('status', <Select allowClear placeholder={`请选择${labelOf(kind, 'status')}`} options={optionsOf(MEMBER_STATUS)} style={{ width: 160 }} />),
    // a province, city or county: every member whose region code lies under it
    { name: 'regionCode_likeright', label: labelOf(kind, 'regionCode'), input: <RegionCascader testId="member-search-region" /> },
  ];
}

/** A shape's field as a form rule (the update schema: every field optional, messages the same). */
const rule = (schema: unknown) => schemaRule(schema as FieldSchema);

export function memberFields(kind: MemberKind): CrudFormField[] {
  const text = (field: string, max: number, extra: Partial<CrudFormField> = {}): CrudFormField => ({
    name: field,
    label: labelOf(kind, field),
    input: <Input placeholder={`请输入${labelOf(kind, field)}`} maxLength={max} />,
    ...extra,
  });
  const code = (field: string): CrudFormField => ({
    name: field,
    label: labelOf(kind, field),
    input: select(kind, field),
    validateTrigger: ['onBlur', 'onChange'],
  });
  const date = (field: string): CrudFormField => ({
    name: field,
    label: labelOf(kind, field),
    input: (
      <DatePicker
        style={{ width: '100%' }}
        placeholder={`请选择${labelOf(kind, field)}`}
        disabledDate={field === 'joinDate' ? (d) => d.isAfter(dayjs(), 'day') : undefined}
      />
    ),
    validateTrigger: ['onBlur', 'onChange'],
  });
  // picked province → city → county; the record keeps the region's code
  const region = (schema: unknown): CrudFormField => ({
    name: 'regionCode',
    label: labelOf(kind, 'regionCode'),
    rules: [rule(schema)],
    input: <RegionCascader placeholder={`请选择${labelOf(kind, 'regionCode')}`} />,
    validateTrigger: ['onBlur', 'onChange'],
  });
  const status: CrudFormField = { ...code('status'), required: true, rules: [{ required: true, message: '请选择会员状态' }] };
  const remark: CrudFormField = {
    name: 'remark',
    label: '备注',
    input: <Input.TextArea placeholder="请输入备注" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />,
  };
  if (kind === 'enterprise') {
    const s = enterpriseSave.shape;
    return [
      text('name', 200, { required: true, rules: [rule(s.name)] }),
      text('creditCode', 18, { required: true, rules: [rule(s.creditCode)] }),
      text('legalPerson', 50),
      text('industry', 64),
      code('scale'),
      code('memberType'),
      region(s.regionCode),
      text('address', 255),
      text('contactName', 50),
      text('contactPhone', 11, { rules: [rule(s.contactPhone)] }),
      date('joinDate'),
      code('memberLevel'),
      status,
      remark,
    ];
  }
  if (kind === 'group') {
    const s = groupSave.shape;
    return [
      text('name', 200, { required: true, rules: [rule(s.name)] }),
      text('creditCode', 18, { rules: [rule(s.creditCode)] }),
      code('groupType'),
      text('legalPerson', 50),
      region(s.regionCode),
      text('address', 255),
      text('contactName', 50),
      text('contactPhone', 11, { rules: [rule(s.contactPhone)] }),
      {
        name: 'memberCount',
        label: labelOf(kind, 'memberCount'),
        input: <InputNumber min={0} precision={0} style={{ width: '100%' }} placeholder="请输入会员数量" />,
      },
      date('joinDate'),
      code('memberLevel'),
      status,
      remark,
    ];
  }
  const s = personUpdate.shape;
  return [
    text('name', 50, { required: true, rules: [rule(s.name.unwrap())] }),
    { ...code('certType'), required: true, rules: [{ required: true, message: '请选择证件类型' }] },
    text('certNo', 30, {
      required: true,
      rules: [
        rule(s.certNo.unwrap()),
        ({ getFieldValue }) => ({
          validator: async (_r, value: unknown) => {
            const v = typeof value === 'string' ? value.trim().toUpperCase() : '';
            const problem = v ? certProblem(Number(getFieldValue('certType') ?? 1), v) : null;
            if (problem) throw new Error(problem);
          },
        }),
      ],
    }),
    code('gender'),
    date('birthDate'),
    text('nationality', 32),
    text('nativePlace', 64),
    code('politics'),
    code('education'),
    text('phone', 11, { rules: [rule(s.phone)] }),
    text('company', 200),
    text('post', 100),
    region(s.regionCode),
    date('joinDate'),
    code('memberLevel'),
    status,
    remark,
  ];
}

/** Row → form: dates as dayjs, the rest as is. */
export function memberFormValues(kind: MemberKind, row: MemberRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of memberFields(kind)) {
    const v = row[f.name];
    out[f.name] = v === null || v === undefined ? undefined : DATE_FIELDS.includes(f.name) ? dayjs(String(v)) : v;
  }
  return out;
}

/**
 * Form → body: dates as yyyy-MM-dd, texts trimmed; on an update an emptied field is sent as null
 * (the server clears it) — an absent one would keep the stored value.
 */
export function memberBody(values: Record<string, unknown>, editing: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (dayjs.isDayjs(v)) out[k] = (v as Dayjs).format('YYYY-MM-DD');
    else if (typeof v === 'string') out[k] = v.trim() === '' ? (editing ? null : undefined) : v.trim();
    else if (v === undefined || v === null) out[k] = editing ? null : undefined;
    else out[k] = v;
  }
  for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
  return out;
}
