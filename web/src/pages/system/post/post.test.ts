import { describe, expect, it } from 'vitest';
import { fieldProblem } from '../../../../test/rules';
import { POST_MSG } from '@gsl/contract';
import { POST_CATEGORY_OPTIONS, POST_FIELDS } from './fields';

const check = (name: string, value: unknown) => fieldProblem(POST_FIELDS, name, value);

describe('post form (the server’s own rules and messages)', () => {
  it('requires type, code, name and sort', async () => {
    for (const value of [undefined, null, '']) {
      expect(await check('category', value)).toBe(POST_MSG.categoryRequired);
      expect(await check('postCode', value)).toBe(POST_MSG.codeRequired);
      expect(await check('postName', value)).toBe(POST_MSG.nameRequired);
    }
    expect(await check('sort', undefined)).toBe(POST_MSG.sortRequired);
    expect(POST_FIELDS.filter((f) => f.required).map((f) => f.label)).toEqual(['岗位类型', '岗位编号', '岗位名称', '岗位排序']);
  });

  it('offers the four post types and refuses a code the server would refuse', async () => {
    expect(POST_CATEGORY_OPTIONS.map((o) => o.label)).toEqual(['领导', '中层', '基层', '其他']);
    expect(await check('category', 2)).toBeNull();
    expect(await check('postCode', 'ceo')).toBeNull();
    expect(await check('postCode', 'has space')).toBe('岗位编号只能包含字母、数字和 _ -');
    expect(await check('postCode', 'abcdefghijklm')).toBe('岗位编号不能超过12个字符');
    expect(await check('sort', -1)).toBe('岗位排序不能小于0');
    expect(await check('remark', undefined)).toBeNull();
  });
});
