import { describe, expect, it } from 'vitest';
import type { FormRule } from 'antd';
import { DICT_MSG } from '@gsl/contract';
import type { DictRow, DictTreeNode } from '../../../api/system/dict';
import type { CrudFormField } from '../../../components/crud/types';
import { itemBody, parentChoices } from './dictLogic';
import { itemFields, ROOT_FIELDS } from './fields';

const n = (id: string, dictValue: string, children: DictTreeNode[] = []): DictTreeNode =>
  ({
    id,
    parentId: '0',
    parentName: null,
    code: 'c',
    dictKey: id,
    dictValue,
    sort: 0,
    isSealed: 0,
    remark: null,
    version: 1,
    title: dictValue,
    key: id,
    value: id,
    children,
  }) as DictRow as DictTreeNode;

const FOREST = [n('1', '根', [n('2', '甲', [n('4', '甲一')]), n('3', '乙')])];

/** The first message the field's rules give for a value, or null. */
async function messageFor(field: CrudFormField, value: unknown): Promise<string | null> {
  for (const rule of field.rules ?? []) {
    const r = (typeof rule === 'function' ? rule({} as never) : rule) as Exclude<FormRule, (...a: never[]) => unknown>;
    if (r.required && (value === undefined || value === null || (r.whitespace && String(value).trim() === '') || value === '')) return String(r.message);
    if (r.validator) {
      try {
        await (r.validator as (rule: unknown, v: unknown) => Promise<void>)({}, value);
      } catch (e) {
        return (e as Error).message;
      }
    }
  }
  return null;
}
const field = (fields: CrudFormField[], name: string) => fields.find((f) => f.name === name)!;

describe('dictionary form rules (specification §5, DICT_MSG)', () => {
  it('requires code, name, sort and seal with the contract’s four messages', async () => {
    expect(await messageFor(field(ROOT_FIELDS, 'code'), undefined)).toBe(DICT_MSG.codeRequired);
    expect(await messageFor(field(ROOT_FIELDS, 'code'), '')).toBe(DICT_MSG.codeRequired);
    expect(await messageFor(field(ROOT_FIELDS, 'dictValue'), undefined)).toBe(DICT_MSG.valueRequired);
    expect(await messageFor(field(ROOT_FIELDS, 'sort'), null)).toBe(DICT_MSG.sortRequired);
    expect(await messageFor(field(ROOT_FIELDS, 'isSealed'), undefined)).toBe(DICT_MSG.sealRequired);
    expect(ROOT_FIELDS.filter((f) => f.required).map((f) => f.name)).toEqual(['code', 'dictValue', 'sort', 'isSealed']);
  });

  it('accepts a filled-in root', async () => {
    for (const [name, value] of [
      ['code', 'sex'],
      ['dictValue', '性别'],
      ['sort', 0],
      ['isSealed', 0],
      ['isSealed', 1],
      ['remark', undefined],
    ] as const)
      expect(await messageFor(field(ROOT_FIELDS, name), value)).toBeNull();
    expect(await messageFor(field(ROOT_FIELDS, 'code'), 'bad code')).toBe('字典编号只能包含字母、数字和 _ . : -');
  });

  it('item: the key is required (请输入字典键值), the parent optional, the code not checked (it is the root’s)', async () => {
    const fields = itemFields([], false);
    expect(await messageFor(field(fields, 'dictKey'), '  ')).toBe(DICT_MSG.keyRequired);
    expect(await messageFor(field(fields, 'dictKey'), '1')).toBeNull();
    expect(await messageFor(field(fields, 'parentId'), undefined)).toBeNull();
    expect(field(fields, 'code').rules).toBeUndefined();
    expect(fields.map((f) => f.name)).toEqual(['code', 'dictValue', 'parentId', 'dictKey', 'sort', 'isSealed', 'remark']);
  });
});

describe('上级字典 choices', () => {
  it('are the code’s tree with the names as titles', () => {
    expect(parentChoices(FOREST)).toEqual([
      {
        title: '根',
        value: '1',
        key: '1',
        children: [
          { title: '甲', value: '2', key: '2', children: [{ title: '甲一', value: '4', key: '4' }] },
          { title: '乙', value: '3', key: '3' },
        ],
      },
    ]);
  });

  it('disable the edited item and everything under it', () => {
    const [root] = parentChoices(FOREST, '2');
    expect(root.disabled).toBeUndefined();
    expect(root.children?.[0]).toMatchObject({ value: '2', disabled: true, children: [{ value: '4', disabled: true }] });
    expect(root.children?.[1].disabled).toBeUndefined();
  });
});

describe('item submit body', () => {
  const root = { id: '1', code: 'sex' };
  it('hangs an item without 上级字典 under the root, with the root’s code', () => {
    expect(itemBody({ dictKey: '1', dictValue: '男', parentId: undefined, code: 'edited' }, root)).toEqual({
      dictKey: '1',
      dictValue: '男',
      parentId: '1',
      code: 'sex',
    });
    expect(itemBody({ parentId: null }, root)).toEqual({ parentId: '1', code: 'sex' });
    expect(itemBody({ parentId: '' }, root)).toEqual({ parentId: '1', code: 'sex' });
  });

  it('keeps a chosen parent', () => {
    expect(itemBody({ parentId: '2' }, root)).toEqual({ parentId: '2', code: 'sex' });
  });
});
