import dayjs, { type Dayjs } from 'dayjs';
import type { FormRule } from 'antd';
import { PROFILE_TAG_NAMES, USER_MSG, type UserView } from '@gsl/contract';
import type { TreeOption } from '../../../api/system/user';

/** Comma list → ids ('' and blanks dropped). */
export const splitIds = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** A row as the dialog's starting values: roles as a list, the birthday as a date. */
export function userFormValues(row: UserView): Record<string, unknown> {
  return {
    account: row.account,
    realName: row.realName ?? undefined,
    name: row.name ?? undefined,
    phone: row.phone ?? undefined,
    email: row.email ?? undefined,
    sex: row.sex ?? undefined,
    birthday: row.birthday ? dayjs(row.birthday) : undefined,
    code: row.code ?? undefined,
    deptId: row.deptId,
    postId: row.postId ?? undefined,
    roleIds: splitIds(row.roleIds),
    profileTag: row.profileTag ?? undefined,
    seq: row.seq,
    isAddressBook: row.isAddressBook,
  };
}

const OPTIONAL = ['name', 'email', 'code', 'postId', 'birthday'] as const;

/**
 * The validated form as submit takes it: roles comma-separated, the birthday yyyy-MM-dd, cleared
 * optional fields sent as '' (the server clears them; absent would keep the old value), the passwords
 * only when adding.
 */
export function userBody(values: Record<string, unknown>, editing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    body[key] = typeof value === 'string' ? value.trim() : value;
  }
  const roles = values.roleIds;
  body.roleIds = Array.isArray(roles) ? roles.join(',') : typeof roles === 'string' ? roles : '';
  const birthday = values.birthday as Dayjs | string | null | undefined;
  body.birthday = birthday ? (typeof birthday === 'string' ? birthday : birthday.format('YYYY-MM-DD')) : '';
  for (const key of OPTIONAL) if (body[key] === undefined || body[key] === null) body[key] = '';
  if (body.sex === undefined) body.sex = null;
  if (editing) {
    delete body.password;
    delete body.password2;
  }
  return body;
}

/** The confirmation must repeat the password (两次输入的密码不一致). */
export const samePassword =
  (field: string): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error('请再次输入密码');
      if (value !== getFieldValue(field)) throw new Error(USER_MSG.passwordMismatch);
    },
  });

/** The label of a profile tag (工商联工作人员 / 商会工作人员). */
export const profileTagName = (tag: string | null | undefined) => (tag ? (PROFILE_TAG_NAMES[tag] ?? tag) : '');

/** Tree nodes whose title contains the text, with their ancestors (the tree's filter). */
export function filterTree(nodes: TreeOption[], text: string): TreeOption[] {
  const needle = text.trim();
  if (!needle) return nodes;
  const out: TreeOption[] = [];
  for (const node of nodes) {
    const children = filterTree(node.children ?? [], needle);
    if (node.title.includes(needle) || children.length) out.push({ ...node, children: node.title.includes(needle) ? node.children : children });
  }
  return out;
}

/** Keys of every node with children (to unfold a filtered tree). */
export function parentKeys(nodes: TreeOption[], out: string[] = []): string[] {
  for (const node of nodes) {
    if (node.children?.length) {
      out.push(node.key);
      parentKeys(node.children, out);
    }
  }
  return out;
}

/** Confirmation texts of the account operations (as 确定将选择数据删除?), here and on 我的组织's account screens. */
export const CONFIRM = {
  reset: '确定将选择账号密码重置?',
  unlock: '确定将选择账号解封?',
  enable: '确定将选择账号启用?',
  disable: '确定将选择账号禁用?',
} as const;
