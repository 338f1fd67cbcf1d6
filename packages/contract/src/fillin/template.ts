/**
 * Form templates of the fill-in (specification §3 "Template tags", §5 "Form helpers toggle required,
 * readonly and visible fields when conditions change"). A template lists a form's fields (type,
 * dictionary, required, readonly, visible) and its form helpers: rules that set a field's state while
 * their conditions hold. The server and the web evaluate a form with the SAME functions below, so the
 * form the user sees and the check the server makes cannot disagree; the server re-checks every
 * submitted form and drops what the template hides.
 */
import { z } from 'zod';
import { idCardProblem, isDay } from '../member/codes.js';
import { phoneProblem } from '../user.js';

export const FIELD_TYPES = ['text', 'textarea', 'select', 'radio', 'number', 'date', 'month', 'idcard', 'mobile', 'image'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: '单行文本',
  textarea: '多行文本',
  select: '下拉选择',
  radio: '单选',
  number: '数字',
  date: '日期',
  month: '年月',
  idcard: '身份证号码',
  mobile: '手机号码',
  image: '图片',
};

export const CONDITION_OPS = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'] as const;
export type ConditionOp = (typeof CONDITION_OPS)[number];
export const CONDITION_OP_LABELS: Record<ConditionOp, string> = {
  eq: '等于',
  ne: '不等于',
  in: '属于',
  notIn: '不属于',
  empty: '为空',
  notEmpty: '不为空',
};

export const TEMPLATE_MSG = {
  nameRequired: '请输入模板名称',
  fieldsRequired: '模板至少需要一个字段',
  propBad: '字段编码须以字母开头,由字母和数字组成,不超过40个字符',
  propRepeated: (prop: string) => `字段编码重复: ${prop}`,
  labelRequired: '请输入字段名称',
  optionsRequired: (label: string) => `请为「${label}」设置选项`,
  conditionField: (label: string) => `「${label}」的条件引用了不存在的字段`,
  conditionSelf: (label: string) => `「${label}」的条件不能引用自身`,
  systemField: (label: string) => `「${label}」是系统字段,不能删除、隐藏或设为非必填`,
  keyUnknown: '模板不存在',
} as const;

const PROP_RE = /^[a-zA-Z][a-zA-Z0-9]{0,39}$/;

export const fieldOption = z.object({
  value: z.string().trim().min(1, '选项值不能为空').max(40, '选项值不能超过40个字符'),
  label: z.string().trim().min(1, '选项名称不能为空').max(60, '选项名称不能超过60个字符'),
});
export type FieldOption = z.infer<typeof fieldOption>;

export const condition = z.object({
  field: z.string().regex(PROP_RE, TEMPLATE_MSG.propBad),
  op: z.enum(CONDITION_OPS, { message: '条件运算符不正确' }),
  value: z.union([z.string().max(200), z.array(z.string().max(200)).max(100)]).optional(),
});
export type Condition = z.infer<typeof condition>;

/** A form helper: while every condition holds, the field takes the states it names (later rules win). */
export const fieldRule = z.object({
  when: z.array(condition).min(1, '请至少设置一个条件').max(10, '条件不能超过10个'),
  required: z.boolean().optional(),
  readonly: z.boolean().optional(),
  visible: z.boolean().optional(),
});
export type FieldRule = z.infer<typeof fieldRule>;

export const formField = z.object({
  prop: z.string().regex(PROP_RE, TEMPLATE_MSG.propBad),
  label: z.string().trim().min(1, TEMPLATE_MSG.labelRequired).max(40, '字段名称不能超过40个字符'),
  type: z.enum(FIELD_TYPES, { message: '字段类型不正确' }),
  options: z.array(fieldOption).max(200, '选项不能超过200个').optional(),
  required: z.boolean().optional(),
  readonly: z.boolean().optional(),
  /** Absent: shown. */
  visible: z.boolean().optional(),
  maxLength: z.number().int().min(1).max(2000).optional(),
  placeholder: z.string().max(100).optional(),
  rules: z.array(fieldRule).max(20, '条件规则不能超过20条').optional(),
});
export type FormField = z.infer<typeof formField>;

export interface FormTemplate {
  templateKey: string;
  name: string;
  version: number;
  fields: FormField[];
}

/** The state of one field for the values at hand. */
export interface FieldState {
  visible: boolean;
  required: boolean;
  readonly: boolean;
}

export type FormValues = Record<string, unknown>;

export const isEmptyValue = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && !v.length);
const textOf = (v: unknown) => (isEmptyValue(v) ? '' : String(v).trim());

function holds(c: Condition, value: unknown): boolean {
  const v = textOf(value);
  const list = Array.isArray(c.value) ? c.value : c.value === undefined ? [] : [c.value];
  switch (c.op) {
    case 'eq':
      return v === (list[0] ?? '');
    case 'ne':
      return v !== (list[0] ?? '');
    case 'in':
      return list.includes(v);
    case 'notIn':
      return !list.includes(v);
    case 'empty':
      return v === '';
    case 'notEmpty':
      return v !== '';
  }
}

/**
 * Every field's state for these values: its own flags, then each rule whose conditions all hold. A field
 * a rule hides reads as empty in the conditions of others, so chains settle (evaluated until stable).
 */
export function evaluateForm(fields: readonly FormField[], values: FormValues): Record<string, FieldState> {
  let states: Record<string, FieldState> = {};
  for (let pass = 0; pass <= fields.length; pass++) {
    const seen = (prop: string) => (states[prop] && !states[prop].visible ? undefined : values[prop]);
    const next: Record<string, FieldState> = {};
    for (const f of fields) {
      const s: FieldState = { visible: f.visible !== false, required: Boolean(f.required), readonly: Boolean(f.readonly) };
      for (const r of f.rules ?? []) {
        if (!r.when.every((c) => holds(c, seen(c.field)))) continue;
        if (r.visible !== undefined) s.visible = r.visible;
        if (r.required !== undefined) s.required = r.required;
        if (r.readonly !== undefined) s.readonly = r.readonly;
      }
      if (!s.visible) s.required = false;
      next[f.prop] = s;
    }
    const stable = JSON.stringify(next) === JSON.stringify(states);
    states = next;
    if (stable) break;
  }
  return states;
}

const DEFAULT_MAX: Partial<Record<FieldType, number>> = { text: 200, textarea: 1000, image: 500 };

/** The first rule a field's value breaks, or null ('' and null are empty). */
export function fieldProblem(f: FormField, value: unknown, state: FieldState): string | null {
  if (isEmptyValue(value)) {
    if (!state.required) return null;
    if (f.type === 'image') return `请上传${f.label}`;
    return ['select', 'radio', 'date', 'month'].includes(f.type) ? `请选择${f.label}` : `请填写${f.label}`;
  }
  const v = textOf(value);
  if (typeof value === 'object') return `${f.label}格式不正确`;
  switch (f.type) {
    case 'select':
    case 'radio':
      return (f.options ?? []).some((o) => o.value === v) ? null : `${f.label}取值不正确`;
    case 'number':
      return /^-?\d{1,12}(\.\d{1,4})?$/.test(v) ? null : `${f.label}应为数字`;
    case 'date':
      return isDay(v) ? null : `${f.label}格式应为 yyyy-MM-dd`;
    case 'month':
      return /^\d{4}-(0[1-9]|1[0-2])$/.test(v) ? null : `${f.label}格式应为 yyyy-MM`;
    case 'mobile':
      return phoneProblem(v);
    case 'idcard':
      return idCardProblem(v);
    default: {
      const max = f.maxLength ?? DEFAULT_MAX[f.type] ?? 200;
      return v.length > max ? `${f.label}长度不能超过${max}个字符` : null;
    }
  }
}

export interface FormCheck {
  /** What is stored: the shown fields' values (trimmed text); what the template hides is dropped. */
  values: Record<string, string | null>;
  errors: Array<{ field: string; message: string }>;
  states: Record<string, FieldState>;
}

/**
 * Checks a submitted form against its template: hidden fields are neither required nor kept, required
 * shown fields must have a value, every value its type's rule. The server stores only `values`.
 */
export function checkForm(fields: readonly FormField[], input: FormValues): FormCheck {
  const states = evaluateForm(fields, input);
  const values: Record<string, string | null> = {};
  const errors: FormCheck['errors'] = [];
  for (const f of fields) {
    const s = states[f.prop];
    if (!s.visible) continue;
    const raw = input[f.prop];
    const problem = fieldProblem(f, raw, s);
    if (problem) errors.push({ field: f.prop, message: problem });
    else values[f.prop] = isEmptyValue(raw) ? null : f.type === 'idcard' ? textOf(raw).toUpperCase() : textOf(raw);
  }
  return { values, errors, states };
}

/** The label an option value has in a field (the value itself when the dictionary has none). */
export const optionLabel = (f: FormField, value: string | null | undefined) =>
  value === null || value === undefined ? '' : (f.options?.find((o) => o.value === value)?.label ?? value);

/** A template's own consistency (the administrator's screen): unique props, options, conditions on known fields, system fields kept. */
export function templateProblem(fields: readonly FormField[], systemProps: readonly string[] = []): string | null {
  if (!fields.length) return TEMPLATE_MSG.fieldsRequired;
  const props = new Set<string>();
  for (const f of fields) {
    if (props.has(f.prop)) return TEMPLATE_MSG.propRepeated(f.prop);
    props.add(f.prop);
  }
  for (const f of fields) {
    if ((f.type === 'select' || f.type === 'radio') && !f.options?.length) return TEMPLATE_MSG.optionsRequired(f.label);
    for (const r of f.rules ?? [])
      for (const c of r.when) {
        if (c.field === f.prop) return TEMPLATE_MSG.conditionSelf(f.label);
        if (!props.has(c.field)) return TEMPLATE_MSG.conditionField(f.label);
      }
  }
  for (const p of systemProps) {
    const f = fields.find((x) => x.prop === p);
    if (!f || f.visible === false || !f.required || (f.rules ?? []).some((r) => r.visible === false || r.required === false)) {
      return TEMPLATE_MSG.systemField(f?.label ?? p);
    }
  }
  return null;
}
