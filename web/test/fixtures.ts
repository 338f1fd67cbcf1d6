import type { TokenAnswer, UserView } from '@gsl/contract';

/** A token answer as the server sends it (docs/foundation-api.md). */
export function tokenAnswer(n: number, overrides: Partial<TokenAnswer> = {}): TokenAnswer {
  return {
    access_token: `access-${n}`,
    refresh_token: `refresh-${n}`,
    token_type: 'bearer',
    expires_in: 3600,
    tenant_id: '000001',
    user_id: '1',
    dept_id: '1100',
    role_id: '1,2',
    post_id: '',
    account: 'zhangsan',
    user_name: 'zhangsan',
    nick_name: '张三',
    real_name: '张三',
    role_name: 'admin',
    avatar: '',
    detail: { type: 'web', deptName: '江苏省工商联', orgName: '江苏省工商业联合会', profileTag: 'aoc', unionId: null },
    ...overrides,
  };
}

/** A node of a tree select as the server answers it: id, key and value alike, under the top level ('0'). */
export function treeNode<C>(id: string, title: string, children: C[] = [], extra: Record<string, unknown> = {}) {
  return { id, parentId: '0', title, key: id, value: id, hasChildren: children.length > 0, children, ...extra };
}

/** A region as region/lazy-tree answers it (its level from the length of its code). */
export function regionNode(code: string, name: string, hasChildren = true, extra: Record<string, unknown> = {}) {
  return {
    id: code,
    parentId: '',
    title: name,
    key: code,
    value: code,
    hasChildren,
    children: [],
    code,
    name,
    level: code.length / 2,
    adcode: code.padEnd(6, '0'),
    ...extra,
  };
}

/** A user as user/detail answers it (张三 of 南京市浙江商会), with `overrides`. */
export function userView(overrides: Partial<UserView> = {}): UserView {
  return {
    id: '42',
    tenantId: '000001',
    account: 'zhang3',
    name: null,
    realName: '张三',
    avatar: null,
    email: 'z@example.com',
    phone: '139****5678',
    birthday: '1990-05-06',
    sex: 1,
    sexName: '男',
    code: null,
    deptId: '7',
    deptName: '南京市浙江商会',
    postId: null,
    profileTag: 'coc',
    roleIds: '3,4',
    roleNames: '工商联工作人员,商会工作人员',
    seq: 5,
    isAddressBook: 1,
    status: 1,
    statusName: '启用',
    locked: false,
    lockedUntil: null,
    passwordResetRequired: 0,
    version: 3,
    createTime: '2026-01-01 08:00:00',
    updateTime: null,
    ...overrides,
  };
}
