/**
 * Database errors that input can cause, as clear 400s (user input never yields a 500). Services map
 * the ones they expect to specific messages (参数键名已存在); this is the safety net for the rest.
 */
const INPUT_ERRORS: Record<string, string> = {
  '23505': '数据已存在,请勿重复提交',
  '23503': '关联数据不存在或仍被引用',
  '23502': '必填数据缺失',
  '23514': '数据不符合约束条件',
  '22001': '输入内容过长',
  '22003': '数值超出范围',
  '22007': '日期时间格式不正确',
  '22008': '日期时间超出范围',
  '22P02': '输入格式不正确',
  '22021': '输入包含非法字符',
};

export function dbErrorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

export function inputErrorMessage(err: unknown): string | undefined {
  const code = dbErrorCode(err);
  if (!code) return undefined;
  // Any other data exception (class 22, e.g. 22009 a time zone offset out of range) is input too.
  return INPUT_ERRORS[code] ?? (code.startsWith('22') ? '输入格式不正确' : undefined);
}

/** The constraint a unique violation names, on both drivers. */
export function violatedConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: string; message?: string };
  return e.constraint ?? /constraint "([^"]+)"/.exec(e.message ?? '')?.[1];
}
