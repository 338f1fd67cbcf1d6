import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, DatePicker, Form, Input, InputNumber, Radio, Select, Space, Upload, type FormInstance } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { evaluateForm, fieldProblem, type FieldState, type FormField } from '@gsl/contract';
import { uploadAttach } from '../../api/profile';
import { tellUnhandled } from '../../api/http';

export type FormValuesIn = Record<string, string | null | undefined>;

/**
 * A form drawn from a fill-in template (specification §5 "Form helpers"): every field's state comes from
 * the contract's evaluateForm on the values being typed — the same evaluation the server re-checks —, so a
 * field shows, hides, becomes required or readonly as the conditions change; a hidden field is neither
 * required nor sent. Messages are the contract's (请填写…, 请选择…).
 */
export function TemplateForm({
  form,
  fields,
  initialValues,
  readOnly = false,
  testId,
}: {
  form: FormInstance<FormValuesIn>;
  fields: FormField[];
  initialValues?: FormValuesIn;
  readOnly?: boolean;
  testId: string;
}) {
  const watched = Form.useWatch([], form) as FormValuesIn | undefined;
  const states = useMemo(() => evaluateForm(fields, { ...initialValues, ...watched }), [fields, initialValues, watched]);
  // A field showing a message whose state a condition changed is checked again at once: 请填写职务 goes as soon
  // as 职务 is no longer required (the fields untouched keep quiet).
  const before = useRef(states);
  useEffect(() => {
    const changed = fields.filter((f) => form.getFieldError(f.prop).length > 0 && JSON.stringify(before.current[f.prop]) !== JSON.stringify(states[f.prop]));
    before.current = states;
    if (changed.length) form.validateFields(changed.filter((f) => states[f.prop]?.visible).map((f) => f.prop)).catch(() => undefined);
  }, [fields, form, states]);
  return (
    <Form form={form} layout="vertical" initialValues={initialValues} disabled={readOnly} data-testid={`${testId}-form`} className="fillin-form">
      <div className="fillin-form__grid">
        {fields.map((f) => {
          const s = states[f.prop];
          if (!s?.visible) return null;
          return <TemplateField key={f.prop} field={f} state={s} testId={testId} />;
        })}
      </div>
    </Form>
  );
}

/** The values to send: only the fields the template shows for them (what is hidden is not sent). */
export function shownValues(fields: FormField[], values: FormValuesIn): Record<string, string | null> {
  const states = evaluateForm(fields, values);
  const out: Record<string, string | null> = {};
  for (const f of fields) if (states[f.prop]?.visible) out[f.prop] = values[f.prop] === undefined || values[f.prop] === '' ? null : String(values[f.prop]);
  return out;
}

function TemplateField({ field: f, state, testId }: { field: FormField; state: FieldState; testId: string }) {
  const id = `${testId}-${f.prop}`;
  return (
    <Form.Item
      name={f.prop}
      label={f.label}
      required={state.required}
      htmlFor={id}
      className={f.type === 'textarea' ? 'fillin-form__wide' : undefined}
      rules={[{ validator: (_r, value) => (fieldProblem(f, value, state) ? Promise.reject(new Error(fieldProblem(f, value, state)!)) : Promise.resolve()) }]}
      data-testid={`${id}-item`}
    >
      <FieldInput field={f} readOnly={state.readonly} id={id} />
    </Form.Item>
  );
}

function FieldInput({
  field: f,
  readOnly,
  id,
  value,
  onChange,
}: {
  field: FormField;
  readOnly: boolean;
  id: string;
  value?: string | null;
  onChange?: (v: string | null) => void;
}) {
  const options = (f.options ?? []).map((o) => ({ value: o.value, label: o.label }));
  const change = (v: unknown) => onChange?.(v === undefined || v === null || v === '' ? null : String(v));
  switch (f.type) {
    case 'select':
      return (
        <Select
          id={id}
          aria-label={f.label}
          value={value ?? undefined}
          onChange={change}
          options={options}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          disabled={readOnly}
          placeholder={`请选择${f.label}`}
        />
      );
    case 'radio':
      return (
        <Radio.Group id={id} aria-label={f.label} value={value ?? undefined} onChange={(e) => change(e.target.value)} options={options} disabled={readOnly} />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          aria-label={f.label}
          value={value ?? undefined}
          onChange={(v) => change(v)}
          disabled={readOnly}
          style={{ width: '100%' }}
          stringMode
        />
      );
    case 'date':
    case 'month':
      return (
        <DatePicker
          id={id}
          aria-label={f.label}
          picker={f.type === 'month' ? 'month' : 'date'}
          format={f.type === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD'}
          value={value ? dayjs(value) : null}
          onChange={(d) => change(d ? d.format(f.type === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD') : null)}
          disabled={readOnly}
          style={{ width: '100%' }}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          aria-label={f.label}
          value={value ?? ''}
          onChange={(e) => change(e.target.value)}
          readOnly={readOnly}
          rows={3}
          maxLength={f.maxLength ?? 1000}
          showCount
        />
      );
    case 'image':
      return <ImageInput id={id} label={f.label} value={value} onChange={change} readOnly={readOnly} />;
    default:
      return (
        <Input
          id={id}
          aria-label={f.label}
          value={value ?? ''}
          onChange={(e) => change(e.target.value)}
          readOnly={readOnly}
          maxLength={f.type === 'idcard' ? 18 : f.type === 'mobile' ? 11 : (f.maxLength ?? 200)}
          placeholder={f.placeholder ?? `请填写${f.label}`}
        />
      );
  }
}

function ImageInput({
  id,
  label,
  value,
  onChange,
  readOnly,
}: {
  id: string;
  label: string;
  value?: string | null;
  onChange: (v: string | null) => void;
  readOnly: boolean;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Space id={id}>
      {value && <img src={value} alt={label} style={{ width: 64, height: 80, objectFit: 'cover', border: '1px solid #ddd' }} />}
      {!readOnly && (
        <Upload
          accept=".jpg,.jpeg,.png"
          showUploadList={false}
          beforeUpload={(file) => {
            setBusy(true);
            uploadAttach(file)
              .then((a) => onChange(a.link))
              .catch(tellUnhandled)
              .finally(() => setBusy(false));
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />} loading={busy} aria-label={`上传${label}`}>
            上传
          </Button>
        </Upload>
      )}
      {value && !readOnly && (
        <Button type="link" onClick={() => onChange(null)}>
          移除
        </Button>
      )}
    </Space>
  );
}
