import { describe, expect, it } from 'vitest';
import type { DeptTreeNode, RoleTreeNode, UserView } from '@gsl/contract';
import { accountBody, accountFormValues, defaultDelivery, orgChoices, roleChoices } from './accountLogic';

const dept = (id: string, title: string, deptCategory: number, children: DeptTreeNode[] = []): DeptTreeNode => ({
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

const TREE = [
  dept('1', '南京市工商联', 1, [dept('2', '南京市浙江商会', 2), dept('3', '玄武区工商联', 1, [dept('4', '玄武区餐饮协会', 3)]), dept('5', '秦淮区工商联', 1)]),
];

describe('orgChoices', () => {
  it('keeps the orgs of the kind, and others only as headings above them', () => {
    const coc = orgChoices(TREE, [2, 3]);
    expect(coc).toHaveLength(1);
    expect(coc[0]).toMatchObject({ value: '1', selectable: false, disabled: true });
    expect(coc[0].children!.map((c) => c.value)).toEqual(['2', '3']);
    expect(coc[0].children![1]).toMatchObject({ selectable: false });
    expect(coc[0].children![1].children![0]).toMatchObject({ value: '4' });
    expect(coc[0].children![1].children![0].disabled).toBeUndefined();
    const aoc = orgChoices(TREE, [1, 4]);
    expect(aoc[0].disabled).toBeUndefined();
    expect(aoc[0].children!.map((c) => c.value)).toEqual(['3', '5']);
  });
});

describe('roleChoices', () => {
  it('marks the roles beyond the manager’s grants and keeps the tree', () => {
    const node = (id: string, title: string, extra: Partial<RoleTreeNode> = {}): RoleTreeNode =>
      ({ id, title, key: id, value: id, children: [], ...extra }) as RoleTreeNode;
    const out = roleChoices([node('1', '商会工作人员', { children: [node('2', '会长', { disabled: true })] })]);
    expect(out[0]).toMatchObject({ value: '1', title: '商会工作人员' });
    expect(out[0].disabled).toBeUndefined();
    expect(out[0].children![0]).toMatchObject({ value: '2', disabled: true, title: '会长（超出您的权限）' });
  });
});

describe('accountBody', () => {
  it('builds add: account, roles as a list, the delivery (SMS with a phone unless chosen)', () => {
    const body = accountBody({ account: ' zs01 ', realName: '张三', phone: '13912345678', email: '', deptId: '2', roleIds: ['7', '8'], isAddressBook: true });
    expect(body).toEqual({
      account: 'zs01',
      realName: '张三',
      name: null,
      phone: '13912345678',
      email: null,
      sex: null,
      deptId: '2',
      roleIds: '7,8',
      seq: 0,
      isAddressBook: 1,
      passwordDelivery: 'sms',
    });
    expect(accountBody({ realName: 'x', deptId: '2', roleIds: ['7'], passwordDelivery: 'show', phone: '13912345678' }).passwordDelivery).toBe('show');
  });

  it('builds update with the id and version read, without account or delivery', () => {
    const row = { id: '9', version: 4, account: 'zs01', roleIds: '7', isAddressBook: 0, seq: 2, deptId: '2', realName: '张三' } as UserView;
    const values = accountFormValues(row);
    expect(values).toMatchObject({ roleIds: ['7'], isAddressBook: false, seq: 2 });
    const body = accountBody({ ...values, realName: '张三丰' }, row);
    expect(body).toMatchObject({ id: '9', version: 4, realName: '张三丰', roleIds: '7', isAddressBook: 0 });
    expect(body).not.toHaveProperty('account');
    expect(body).not.toHaveProperty('passwordDelivery');
  });

  it('defaults the delivery to SMS, then e-mail, then shown once', () => {
    expect(defaultDelivery('13912345678', 'a@b.cn')).toBe('sms');
    expect(defaultDelivery(' ', 'a@b.cn')).toBe('email');
    expect(defaultDelivery(undefined, null)).toBe('show');
  });
});
