/**
 * Field descriptions of the profiles (specification §3): one description per
 * field gives the form's Chinese label and messages, the server's validation (zod, built here) and the
 * change history's label. Profiles have many sections of plain fields; describing them once keeps
 * the web form, the API and the history saying the same thing.
 */
import { z } from 'zod';
import { requiredId } from '../envelope.js';
import { phoneProblem, MASKED_MOBILE_RE } from '../user.js';
import { creditCodeProblem, isDay } from '../member/codes.js';

export type Labels = Record<number, string>;

export type FieldKind =
  | { t: 'text'; max: number }
  | { t: 'code'; labels: Labels }
  | { t: 'date' }
  | { t: 'year' }
  | { t: 'int'; min: number; max: number }
  | { t: 'money' }
  | { t: 'ratio' }
  | { t: 'credit' }
  | { t: 'orgcode' }
  | { t: 'mobile' }
  | { t: 'tel' }
  | { t: 'email' }
  | { t: 'url' }
  | { t: 'zip' }
  | { t: 'region' }
  | { t: 'flag' };

export interface FieldDef {
  label: string;
  kind: FieldKind;
  /** The message when a required field is missing (required on insert and update). */
  required?: string;
  /** Personal data: stored encrypted with a keyed hash, masked unless the caller may see it. */
  sensitive?: boolean;
}
export type Fields = Record<string, FieldDef>;

export const text = (label: string, max: number, required?: string): FieldDef => ({ label, kind: { t: 'text', max }, required });
export const code = (label: string, labels: Labels, required?: string): FieldDef => ({ label, kind: { t: 'code', labels }, required });
export const date = (label: string, required?: string): FieldDef => ({ label, kind: { t: 'date' }, required });
export const year = (label: string, required?: string): FieldDef => ({ label, kind: { t: 'year' }, required });
export const int = (label: string, min = 0, max = 100_000_000): FieldDef => ({ label, kind: { t: 'int', min, max } });
export const money = (label: string): FieldDef => ({ label, kind: { t: 'money' } });
export const ratio = (label: string, required?: string): FieldDef => ({ label, kind: { t: 'ratio' }, required });
export const of = (label: string, t: 'credit' | 'orgcode' | 'mobile' | 'tel' | 'email' | 'url' | 'zip' | 'region' | 'flag', required?: string): FieldDef => ({
  label,
  kind: { t } as FieldKind,
  required,
});

/** A number of (up to) 18 digits with 2 decimals, in 万元 for money. */
const MONEY_MAX = 1e12;
export const URL_RE = /^(\/api\/blade-resource\/attach\/download\?id=[0-9a-f]{32}|https?:\/\/[^\s"'<>]{1,480})$/;
const TEL_RE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8}(-\d{1,6})?|400-?\d{3}-?\d{4})$/;

/** The value schema of one field (without presence rules): '' and null mean "empty". */
function valueSchema(f: FieldDef): z.ZodType {
  const l = f.label;
  const k = f.kind;
  const req = f.required;
  /** '' when the field may be empty; the required message otherwise. */
  const emptyOk = (ctx: z.RefinementCtx) => {
    if (req) ctx.addIssue({ code: 'custom', message: req });
    return req ? z.NEVER : null;
  };
  const str = z
    .string({ message: req ?? `${l}格式不正确` })
    .trim()
    .superRefine((v, ctx) => {
      if (req && v === '') ctx.addIssue({ code: 'custom', message: req, abort: true });
    });
  switch (k.t) {
    case 'text':
      return str.pipe(z.string().max(k.max, `${l}不能超过${k.max}个字符`));
    case 'code':
      return z
        .union([z.number(), z.string().trim()], { message: req ?? `${l}取值不正确` })
        .meta({ examples: [Number(Object.keys(k.labels)[0])] })
        .transform((v, ctx) => {
          if (v === '') return emptyOk(ctx);
          const n = Number(v);
          if (!Number.isInteger(n) || !Object.hasOwn(k.labels, n)) {
            ctx.addIssue({ code: 'custom', message: `${l}取值不正确` });
            return z.NEVER;
          }
          return n;
        });
    case 'date':
      return str.meta({ examples: ['2020-06-01'] }).refine((v) => v === '' || isDay(v), `${l}格式应为 yyyy-MM-dd`);
    case 'year':
    case 'int': {
      const [min, max] = k.t === 'year' ? [1900, 2100] : [k.min, k.max];
      return z
        .union([z.number(), z.string().trim()], { message: req ?? `${l}必须是整数` })
        .meta({ examples: [k.t === 'year' ? 2024 : Math.max(min, 1)] })
        .transform((v, ctx) => {
          if (v === '') return emptyOk(ctx);
          const n = Number(v);
          if (!Number.isInteger(n)) {
            ctx.addIssue({ code: 'custom', message: `${l}必须是整数` });
            return z.NEVER;
          }
          if (n < min || n > max) {
            ctx.addIssue({ code: 'custom', message: `${l}应在${min}到${max}之间` });
            return z.NEVER;
          }
          return n;
        });
    }
    case 'money':
    case 'ratio': {
      const max = k.t === 'ratio' ? 100 : MONEY_MAX;
      const places = k.t === 'ratio' ? 4 : 2;
      return z
        .union([z.number(), z.string().trim()], { message: req ?? `${l}必须是数字` })
        .meta({ examples: [10] })
        .transform((v, ctx) => {
          if (v === '') return emptyOk(ctx);
          const s = String(v);
          const n = Number(s);
          if (!/^-?\d+(\.\d+)?$/.test(s) || !Number.isFinite(n)) {
            ctx.addIssue({ code: 'custom', message: `${l}必须是数字` });
            return z.NEVER;
          }
          if (n < 0 || n > max) {
            ctx.addIssue({ code: 'custom', message: k.t === 'ratio' ? `${l}应在0到100之间` : `${l}不能小于0或过大` });
            return z.NEVER;
          }
          if ((s.split('.')[1] ?? '').length > places) {
            ctx.addIssue({ code: 'custom', message: `${l}最多保留${places}位小数` });
            return z.NEVER;
          }
          return n;
        });
    }
    case 'credit':
      return str
        .meta({ examples: ['91350100M000100Y43'] })
        .transform((v) => v.toUpperCase())
        .superRefine((v, ctx) => {
          const p = v ? creditCodeProblem(v) : null;
          if (p) ctx.addIssue({ code: 'custom', message: p });
        });
    case 'orgcode':
      return str
        .meta({ examples: ['MA1MXB5E5'] })
        .transform((v) => v.toUpperCase())
        .refine((v) => v === '' || orgCodeValid(v), '组织机构代码格式或校验位不正确');
    case 'mobile':
      return str.superRefine((v, ctx) => {
        if (!v || MASKED_MOBILE_RE.test(v)) return;
        const p = phoneProblem(v);
        if (p) ctx.addIssue({ code: 'custom', message: p });
      });
    case 'tel':
      return str.max(30, `${l}格式不正确`).refine((v) => v === '' || TEL_RE.test(v), `${l}格式不正确`);
    case 'email':
      return str.max(100, `${l}不能超过100个字符`).refine((v) => v === '' || /^[^\s@]{1,64}@[^\s@]{1,63}\.[^\s@]{1,30}$/.test(v), `${l}格式不正确`);
    case 'url':
      return str.max(500, `${l}地址过长`).refine((v) => v === '' || URL_RE.test(v), `${l}应为上传后的附件地址或 http(s) 地址`);
    case 'zip':
      return str.refine((v) => v === '' || /^\d{6}$/.test(v), `${l}应为6位数字`);
    case 'region':
      return str.refine((v) => v === '' || /^(\d{2}|\d{4}|\d{6}|\d{9}|\d{12})$/.test(v), '行政区划代码格式不正确');
    case 'flag':
      return z.union([z.number(), z.string().trim(), z.boolean()], { message: `${l}只能是0或1` }).transform((v, ctx) => {
        if (v === '') return null;
        const n = v === true ? 1 : v === false ? 0 : Number(v);
        if (n !== 0 && n !== 1) {
          ctx.addIssue({ code: 'custom', message: `${l}只能是0或1` });
          return z.NEVER;
        }
        return n;
      });
  }
}

/** GB 11714 organisation code: 8 digits or capitals and a check character. */
export function orgCodeValid(v: string): boolean {
  if (!/^[0-9A-Z]{8}[0-9X]$/.test(v)) return false;
  const w = [3, 7, 9, 10, 5, 8, 4, 2];
  const val = (c: string) => (/\d/.test(c) ? Number(c) : c.charCodeAt(0) - 55);
  const sum = [...v.slice(0, 8)].reduce((s, c, i) => s + val(c) * w[i], 0);
  const c = 11 - (sum % 11);
  return v[8] === (c === 10 ? 'X' : c === 11 ? '0' : String(c));
}

/**
 * The field as a submit property. Required fields must be present and not empty (their message);
 * optional ones: absent keeps the stored value on update, '' or null clears it.
 */
export function fieldSchema(f: FieldDef): z.ZodType {
  const base = valueSchema(f);
  if (f.required) return base;
  return base
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
}

export const versionField = z.coerce
  .number({ message: '数据版本号必须是数字' })
  .int('数据版本号必须是整数')
  .min(1, '数据版本号不正确')
  .max(2_147_483_647, '数据版本号不正确');

/** BladeX submit: without id inserts, with id (and the version read) updates. */
export function submitSchema(fields: Fields, extra: z.ZodRawShape = {}) {
  const shape: Record<string, z.ZodType> = { id: requiredId().optional(), version: versionField.optional(), ...extra };
  for (const [name, f] of Object.entries(fields)) shape[name] = fieldSchema(f);
  return z.object(shape).strict();
}

/** Labels of the fields for the change history. */
export const labelsOf = (fields: Fields): Record<string, string> => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, f.label]));
