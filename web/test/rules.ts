import type { FormRule } from 'antd';
import type { CrudFormField } from '../src/components/crud/types';

type Validator = (rule: unknown, value: unknown, callback: () => void) => Promise<void> | void;

/**
 * Runs one form rule as the form would — a rule function is given the other fields' values from
 * `form` — and answers its message, or null when the value passes.
 */
export async function ruleProblem(rule: FormRule, value: unknown, form: Record<string, unknown> = {}): Promise<string | null> {
  const r = typeof rule === 'function' ? rule({ getFieldValue: (n: string) => form[n] } as never) : rule;
  try {
    if (r.validator) await (r.validator as Validator)(r, value, () => undefined);
    else if (r.required && (value === undefined || (Array.isArray(value) && value.length < (r.min ?? 1)))) throw new Error(String(r.message));
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

/** Runs the rules of the field `name` in order and answers the first message, or null when the value passes them all. */
export async function fieldProblem(fields: CrudFormField[], name: string, value: unknown, form: Record<string, unknown> = {}): Promise<string | null> {
  const field = fields.find((f) => f.name === name);
  if (!field) throw new Error(`no field ${name}`);
  for (const rule of field.rules ?? []) {
    const problem = await ruleProblem(rule, value, form);
    if (problem) return problem;
  }
  return null;
}
