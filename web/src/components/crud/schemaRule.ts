import type { FormRule } from 'antd';

/** The part of a contract (zod) field schema a form rule needs. */
export interface FieldSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
}

/**
 * A form rule that checks a value with the contract's schema for that field, so the form says what the
 * server would say (architecture §4: the form and the server give the same 请输入参数名称).
 * A null (cleared) control counts as absent, as an untouched one would be.
 */
export function schemaRule(schema: FieldSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === null ? undefined : value);
      if (!result.success) throw new Error(result.error?.issues[0]?.message ?? '输入内容不正确');
    },
  };
}
