import { useState, type ReactNode } from 'react';
import { Button, DatePicker, Descriptions, Input, InputNumber, Select, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { fieldSchema, type FieldDef, type Fields } from '@gsl/contract';
import { sectionApi, uploadAttach, type ProfileKind, type ProfileRow } from '../../../../api/profile';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { RegionCascader, RegionName } from '../../../../components/RegionCascader';
import { CrudTable } from '../../../../components/crud/CrudTable';
import { schemaRule } from '../../../../components/crud/schemaRule';
import type { CrudFormField } from '../../../../components/crud/types';
import { memberBody, optionsOf } from '../kinds';

/**
 * The profile screens (人员库, 企业库, 组织档案) build their forms, columns and details from the
 * contract's field descriptions (packages/contract/src/profile): one description gives the label,
 * the control (text, select of the code's labels, date, number, upload) and the server's own check,
 * so the form says what the server says.
 */

const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
const isDate = (f: FieldDef) => f.kind.t === 'date';

/** The value as shown: code fields by the server's `<field>Name`, flags as 是/否, uploads as 已上传. */
export function displayOf(fields: Fields, row: ProfileRow, name: string): string {
  const f = fields[name];
  if (!f) return dash(row[name]);
  if (f.kind.t === 'code') return dash(row[`${name}Name`] ?? (row[name] == null ? null : f.kind.labels[Number(row[name])]));
  if (f.kind.t === 'flag') return row[name] == null ? '-' : Number(row[name]) === 1 ? '是' : '否';
  if (f.kind.t === 'url' && typeof row[name] === 'string' && (row[name] as string).startsWith('/api/')) return '已上传';
  return dash(row[name]);
}

/** The value as shown in read-only views: displayOf, with a region by its name (江苏省 / 南京市). */
export function shownOf(fields: Fields, row: ProfileRow, name: string): ReactNode {
  const value = row[name];
  if (fields[name]?.kind.t === 'region' && typeof value === 'string' && value) return <RegionName code={value} />;
  return displayOf(fields, row, name);
}

/** A control holding an uploaded file's link (照片, 标志): put-file-attach, then the answer's link. */
export function AttachInput({
  value,
  onChange,
  testId,
  accept = '.jpg,.jpeg,.png',
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  testId?: string;
  accept?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Space data-testid={testId}>
      <Upload
        accept={accept}
        showUploadList={false}
        customRequest={({ file }) => {
          setBusy(true);
          uploadAttach(file as File)
            .then((a) => {
              onChange?.(a.link);
              toast.success('上传成功');
            }, tellUnhandled)
            .finally(() => setBusy(false));
        }}
      >
        <Button icon={<UploadOutlined />} loading={busy}>
          {value ? '重新上传' : '上传'}
        </Button>
      </Upload>
      {value ? (
        <span data-testid={testId ? `${testId}-value` : undefined}>{value.startsWith('/api/') ? '已上传' : value}</span>
      ) : (
        <span className="profile-muted">未上传</span>
      )}
      {value && (
        <Button type="link" size="small" onClick={() => onChange?.(null)}>
          移除
        </Button>
      )}
    </Space>
  );
}

/** The form control of a field. */
export function controlOf(name: string, f: FieldDef, testId: string): ReactNode {
  const tid = `${testId}-form-${name}`;
  const k = f.kind;
  switch (k.t) {
    case 'code':
      return <Select allowClear placeholder={`请选择${f.label}`} options={optionsOf(k.labels)} data-testid={tid} />;
    case 'flag':
      return (
        <Select
          allowClear
          placeholder={`请选择${f.label}`}
          options={[
            { value: 1, label: '是' },
            { value: 0, label: '否' },
          ]}
          data-testid={tid}
        />
      );
    case 'date':
      return <DatePicker style={{ width: '100%' }} placeholder={`请选择${f.label}`} data-testid={tid} />;
    case 'year':
      return <InputNumber style={{ width: '100%' }} min={1900} max={2100} precision={0} placeholder={`请输入${f.label}`} data-testid={tid} />;
    case 'int':
      return <InputNumber style={{ width: '100%' }} min={k.min} max={k.max} precision={0} placeholder={`请输入${f.label}`} data-testid={tid} />;
    case 'money':
      return <InputNumber style={{ width: '100%' }} min={0} precision={2} placeholder={`请输入${f.label}`} data-testid={tid} />;
    case 'ratio':
      return <InputNumber style={{ width: '100%' }} min={0} max={100} placeholder={`请输入${f.label}`} data-testid={tid} />;
    case 'region':
      // picked province → city → county (as the member forms); the record keeps the region's code
      return <RegionCascader placeholder={`请选择${f.label}`} testId={tid} style={{ width: '100%' }} />;
    case 'url':
      return name === 'photo' || name === 'logo' ? <AttachInput testId={tid} /> : <Input placeholder={`请输入${f.label}`} maxLength={500} data-testid={tid} />;
    case 'text':
      return k.max > 255 ? (
        <Input.TextArea placeholder={`请输入${f.label}`} maxLength={k.max} autoSize={{ minRows: 2, maxRows: 8 }} data-testid={tid} />
      ) : (
        <Input placeholder={`请输入${f.label}`} maxLength={k.max} data-testid={tid} />
      );
    default:
      return <Input placeholder={`请输入${f.label}`} data-testid={tid} />;
  }
}

/** A dialog field checked by the contract's schema of that field (dates: required only). */
export function formFieldOf(name: string, f: FieldDef, testId: string, extra: Partial<CrudFormField> = {}): CrudFormField {
  const rules = isDate(f) ? (f.required ? [{ required: true, message: f.required }] : []) : [schemaRule(fieldSchema(f) as never)];
  const picks = f.kind.t === 'code' || f.kind.t === 'flag' || f.kind.t === 'region' || isDate(f);
  return {
    name,
    label: f.label,
    required: Boolean(f.required),
    rules,
    input: controlOf(name, f, testId),
    validateTrigger: picks ? ['onBlur', 'onChange'] : undefined,
    ...extra,
  };
}

export const formFieldsOf = (fields: Fields, testId: string, names: string[] = Object.keys(fields)): CrudFormField[] =>
  names.map((n) => formFieldOf(n, fields[n], testId));

/** Row → form values: dates as dayjs, empty as undefined. */
export function formValuesOf(fields: Fields, row: Record<string, unknown>, names: string[] = Object.keys(fields)): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of names) {
    const v = row[n];
    out[n] = v === null || v === undefined ? undefined : isDate(fields[n]) ? dayjs(String(v)) : v;
  }
  return out;
}

/** Form values → body (dates yyyy-MM-dd, texts trimmed; on an update an emptied field clears it). */
export const bodyOf = memberBody;

/**
 * Table columns of some fields, shown as shownOf does: a name, or [name, width] or [name, width,
 * minWidth] (how narrow a long text may become before the list scrolls; components/crud/tableFit.ts).
 */
export function columnsOf(
  fields: Fields,
  names: Array<string | [string, number] | [string, number, number]>,
  first?: (row: ProfileRow) => ReactNode,
): ColumnsType<ProfileRow> {
  return names.map((spec, i) => {
    const [n, width, minWidth] = typeof spec === 'string' ? [spec, 140] : spec;
    return {
      key: n,
      dataIndex: n,
      title: fields[n]?.label ?? n,
      width,
      minWidth,
      render: (_: unknown, row: ProfileRow) => (i === 0 && first ? first(row) : shownOf(fields, row, n)),
    };
  });
}

/** A record's fields as a bordered description list. */
export function ProfileDescriptions({
  fields,
  row,
  names = Object.keys(fields),
  column = 2,
  testId,
}: {
  fields: Fields;
  row: ProfileRow;
  names?: string[];
  column?: number;
  testId?: string;
}) {
  return (
    <Descriptions
      bordered
      size="small"
      column={column}
      data-testid={testId}
      items={names.map((n) => ({ key: n, label: fields[n]?.label ?? n, children: shownOf(fields, row, n) }))}
    />
  );
}

/**
 * One section of a profile (履历, 股权, 领导班子 …) on the shared CrudTable: its rows, 新增 / 编辑 /
 * 删除 (with confirmation) behind `<menu>_edit`, the server's messages (e.g. 股东持股比例合计不能超过100%).
 */
export function SectionTable({
  kind,
  section,
  parentId,
  fields,
  columns,
  testId,
  addValues,
  filters,
  readOnly = false,
}: {
  kind: ProfileKind;
  section: string;
  parentId: string;
  fields: Fields;
  columns: Array<string | [string, number]>;
  testId: string;
  addValues?: () => Record<string, unknown>;
  /** Shows only some rows: `field` equal, `field_ne` not equal (e.g. 现任 / 往届). */
  filters?: Record<string, string | number>;
  /** Rows only (myOrg/detail): no 新增 / 编辑 / 删除 whatever the grants. */
  readOnly?: boolean;
}) {
  const edit = `${kind === 'person' ? 'profile_person' : kind === 'enterprise' ? 'profile_enterprise' : 'profile_org'}_edit`;
  const api = sectionApi(kind, section, parentId);
  return (
    <CrudTable<ProfileRow, Record<string, unknown>>
      testId={testId}
      api={api}
      columns={columnsOf(fields, columns)}
      fields={formFieldsOf(fields, testId)}
      permissions={readOnly ? {} : { add: edit, edit, delete: edit }}
      toFormValues={(row) => formValuesOf(fields, row)}
      addValues={addValues}
      filters={filters}
      fromFormValues={(values, row) => bodyOf(values, Boolean(row))}
      labelWidth={130}
    />
  );
}
