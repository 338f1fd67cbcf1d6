import { describe, expect, it } from 'vitest';
import { PARAM_MSG } from '@gsl/contract';
import { fieldProblem } from '../../../../test/rules';
import { PARAM_FIELDS } from './fields';

const check = (name: string, value: unknown) => fieldProblem(PARAM_FIELDS, name, value);

describe('parameter form rules (specification §5, from the contract schema)', () => {
  it('requires name, key and value with the server’s own messages', async () => {
    for (const value of [undefined, null, '']) {
      expect(await check('paramName', value)).toBe(PARAM_MSG.nameRequired);
      expect(await check('paramKey', value)).toBe(PARAM_MSG.keyRequired);
      expect(await check('paramValue', value)).toBe(PARAM_MSG.valueRequired);
    }
    expect(PARAM_MSG).toMatchObject({ nameRequired: '请输入参数名称', keyRequired: '请输入参数键名', valueRequired: '请输入参数键值' });
    expect(await check('paramName', '   ')).toBe('请输入参数名称');
  });

  it('marks the three as required and 备注 as optional', async () => {
    expect(PARAM_FIELDS.map((f) => [f.label, Boolean(f.required)])).toEqual([
      ['参数名称', true],
      ['参数键名', true],
      ['参数键值', true],
      ['备注', false],
    ]);
    expect(await check('remark', undefined)).toBeNull();
    expect(await check('remark', '')).toBeNull();
  });

  it('accepts good values and refuses a key the server would refuse', async () => {
    expect(await check('paramName', '默认门户入口')).toBeNull();
    expect(await check('paramKey', 'portal.entry.default')).toBeNull();
    expect(await check('paramValue', '多行\n长文本')).toBeNull();
    expect(await check('paramKey', 'has space')).toBe('参数键名只能包含字母、数字和 _ . : -');
  });
});
