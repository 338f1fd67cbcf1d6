import { describe, expect, it } from 'vitest';
import { maskParams } from './mask.js';

describe('maskParams (log rows of request parameters)', () => {
  it('masks secrets at any depth it keeps', () => {
    const text = maskParams({ account: 'admin' }, { password: 'x', profile: { token: 't', name: '张三' } })!;
    expect(JSON.parse(text)).toEqual({ account: 'admin', password: '******', profile: { token: '******', name: '张三' } });
  });

  it('logs a body nested thousands deep without overflowing the stack, cut at a fixed depth', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const text = maskParams(undefined, deep)!;
    expect(text).toContain('"…"');
    expect(text.length).toBeLessThan(400);
  });
});
