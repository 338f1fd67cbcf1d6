import { describe, expect, it } from 'vitest';
import type { DeptTreeNode } from '@gsl/contract';
import { bookParams } from '../../../../api/myorg/address';
import {
  chambersIn,
  directChambers,
  dropOn,
  findOrg,
  firstLevels,
  moveAnnouncement,
  moveBy,
  seqPlan,
  sexText,
  subordinateOrgs,
  toTreeItems,
} from './addressLogic';

const e = (id: string) => ({ id, name: `人${id}` });
const node = (id: string, title: string, deptCategory: number, children: DeptTreeNode[] = []): DeptTreeNode => ({
  id,
  parentId: '0',
  title,
  key: id,
  value: id,
  hasChildren: children.length > 0,
  children,
  deptCategory,
  unionId: null,
  regionLevel: null,
});

const FOREST = [
  node('1', '南京市工商联', 1, [
    node('2', '南京市玄武区工商联', 1, [node('21', '玄武区玄武门街道商会', 2)]),
    node('3', '南京市浙江商会', 2),
    node('4', '南京市青年企业家协会', 3),
    node('5', '南京市江宁区工商联', 1),
  ]),
];

describe('ordering a book', () => {
  it('moves an entry one place up or down, and not past either end', () => {
    const list = [e('a'), e('b'), e('c')];
    expect(moveBy(list, 1, -1).map((x) => x.id)).toEqual(['b', 'a', 'c']);
    expect(moveBy(list, 1, 1).map((x) => x.id)).toEqual(['a', 'c', 'b']);
    expect(moveBy(list, 0, -1)).toBe(list);
    expect(moveBy(list, 2, 1)).toBe(list);
  });

  it('drops a dragged entry in the place of the one it lands on, either direction', () => {
    const list = [e('a'), e('b'), e('c'), e('d')];
    expect(dropOn(list, 'a', 'c').map((x) => x.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(dropOn(list, 'd', 'b').map((x) => x.id)).toEqual(['a', 'd', 'b', 'c']);
    expect(dropOn(list, 'a', 'a')).toBe(list);
    expect(dropOn(list, 'x', 'a')).toBe(list);
  });

  it('saves every place from 1, and says the move for screen readers', () => {
    expect(seqPlan([e('c'), e('a'), e('b')])).toEqual([
      { id: 'c', seq: 1 },
      { id: 'a', seq: 2 },
      { id: 'b', seq: 3 },
    ]);
    expect(moveAnnouncement('张三', 2, 5)).toBe('张三 已移到第 2 位,共 5 位');
  });
});

describe('the orgs around the own one', () => {
  it('下级组织: the own org and the federations directly below it', () => {
    expect(subordinateOrgs(FOREST, '1').map((n) => n.title)).toEqual(['南京市工商联', '南京市玄武区工商联', '南京市江宁区工商联']);
    expect(subordinateOrgs(FOREST, '99')).toEqual([]);
  });

  it('直属商会: the chambers and associations directly attached (not those below a district)', () => {
    expect(directChambers(FOREST, '1').map((n) => n.title)).toEqual(['南京市浙江商会', '南京市青年企业家协会']);
    expect(directChambers(FOREST, '2').map((n) => n.title)).toEqual(['玄武区玄武门街道商会']);
  });

  it('finds orgs, lists every chamber for the select, and shapes the tree', () => {
    expect(findOrg(FOREST, '21')?.title).toBe('玄武区玄武门街道商会');
    expect(findOrg(FOREST, undefined)).toBeUndefined();
    expect(chambersIn(FOREST).map((n) => n.id)).toEqual(['21', '3', '4']);
    expect(toTreeItems(FOREST)[0].children.map((c) => c.key)).toEqual(['2', '3', '4', '5']);
    expect(firstLevels(FOREST, 2)).toEqual(['1', '2', '3', '4', '5']);
  });
});

describe('the book query', () => {
  it('asks for 500 rows without child inclusion (§9) and leaves empty values out', () => {
    expect(bookParams({})).toEqual({ current: 1, size: 500, includeChild: 0 });
    expect(bookParams({ deptId: '7', keyword: '  张  ', isAddressBook: 0, profileTag: 'coc' })).toEqual({
      current: 1,
      size: 500,
      includeChild: 0,
      deptId: '7',
      keyword: '张',
      isAddressBook: 0,
      profileTag: 'coc',
    });
    expect(sexText(2)).toBe('女');
    expect(sexText(null)).toBe('-');
  });
});
