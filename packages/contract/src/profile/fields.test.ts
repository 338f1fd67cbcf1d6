import { describe, expect, it } from 'vitest';
import { date, fieldSchema } from './fields.js';

describe('profile field schemas', () => {
  it('an impossible day is refused with the field’s message, never thrown (found by the bad-input harness)', () => {
    const schema = fieldSchema(date('成立日期'));
    for (const bad of ['2024-13-45', '2024-02-30', '0000-00-00', '9999-99-99']) {
      const r = schema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('成立日期格式应为 yyyy-MM-dd');
    }
    expect(schema.safeParse('2024-02-29').success).toBe(true);
    expect(schema.safeParse('').success).toBe(true);
  });
});
