import { z, type ZodType } from 'zod';
import { badRequest, type FieldError } from './errors.js';

z.config(z.locales.zhCN());

const NUL = '\u0000';

/** True when any string in the value holds a NUL, which PostgreSQL text cannot store. */
export function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  for (const [k, v] of Object.entries(value)) if (k.includes(NUL) || hasNul(v, depth + 1)) return true;
  return false;
}

/** Parses one part of a request; the first failing rule's Chinese message becomes msg (wire contract §3). */
export function parsePart<T>(schema: ZodType<T>, value: unknown, part: 'query' | 'body' | 'params'): T {
  const result = schema.safeParse(value ?? (part === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const details: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.join('.') || part,
    message: issue.message,
  }));
  const first = details[0];
  const msg = part === 'body' && first.field === 'body' && value == null ? '请求内容不能为空' : first.message;
  throw badRequest(msg, details);
}
