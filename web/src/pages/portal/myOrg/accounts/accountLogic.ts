import { ORG_ACCOUNT_MENU, type DeptTreeNode, type OrgAccountTag, type PasswordDelivery, type RoleTreeNode, type UserView } from '@gsl/contract';
import type { OrgAccountBody } from '../../../../api/myorg/orgAccount';

/** One account screen of 我的组织: its tag, menu code, names and routes (specification §2 child/…). */
export interface AccountScreen {
  tag: OrgAccountTag;
  menu: string;
  title: string;
  /** What the accounts are called in texts (工商联 / 商会). */
  kind: string;
  list: string;
  add: string;
  update: string;
  view: string;
  /** 机构类型 an account of this tag may belong to (dept categories). */
  categories: number[];
}

const BASE = '/portal/myOrg/child';

export const ACCOUNT_SCREENS: Record<OrgAccountTag, AccountScreen> = {
  aoc: {
    tag: 'aoc',
    menu: ORG_ACCOUNT_MENU.aoc,
    title: '工商联账号管理',
    kind: '工商联',
    list: `${BASE}/userAccountManagement`,
    add: `${BASE}/userAccountManagement/addAcount`,
    update: `${BASE}/userAccountManagement/updateAcount`,
    view: `${BASE}/userAccountManagement/view`,
    categories: [1, 4],
  },
  coc: {
    tag: 'coc',
    menu: ORG_ACCOUNT_MENU.coc,
    title: '商会账号管理',
    kind: '商会',
    list: `${BASE}/COCAccountManagement`,
    add: `${BASE}/COCAccountManagement/add`,
    update: `${BASE}/COCAccountManagement/update`,
    view: `${BASE}/COCAccountManagement/view`,
    categories: [2, 3],
  },
};

/** A node of the org and role pickers (antd TreeSelect). */
export interface PickNode {
  title: string;
  value: string;
  key: string;
  disabled?: boolean;
  selectable?: boolean;
  children?: PickNode[];
}

/**
 * The orgs an account of the screen may belong to, as a tree: orgs of another kind stay as headings
 * (not selectable) when an eligible org lies below them, and are left out otherwise.
 */
export function orgChoices(nodes: readonly DeptTreeNode[], categories: readonly number[]): PickNode[] {
  const out: PickNode[] = [];
  for (const n of nodes) {
    const children = orgChoices(n.children ?? [], categories);
    const eligible = categories.includes(n.deptCategory);
    if (!eligible && !children.length) continue;
    out.push({ title: n.title, value: n.id, key: n.id, ...(eligible ? {} : { selectable: false, disabled: true }), ...(children.length ? { children } : {}) });
  }
  return out;
}

/** The role picker's nodes: the roles the org may use, those the manager cannot give disabled. */
export function roleChoices(nodes: readonly RoleTreeNode[]): PickNode[] {
  return nodes.map((n) => ({
    title: n.disabled ? `${n.title}（超出您的权限）` : n.title,
    value: n.id,
    key: n.id,
    ...(n.disabled ? { disabled: true } : {}),
    ...(n.children?.length ? { children: roleChoices(n.children) } : {}),
  }));
}

/** How the initial password goes out unless the manager chooses: SMS with a phone, e-mail with an address, else shown once. */
export function defaultDelivery(phone: unknown, email: unknown): PasswordDelivery {
  if (typeof phone === 'string' && phone.trim()) return 'sms';
  if (typeof email === 'string' && email.trim()) return 'email';
  return 'show';
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const orNull = (v: unknown) => text(v) || null;

/** The form's values as add / update take them (an update sends its id and version; only add names the account and the delivery). */
export function accountBody(values: Record<string, unknown>, row?: UserView): OrgAccountBody {
  const roles = Array.isArray(values.roleIds) ? values.roleIds.map(String) : [];
  const body: OrgAccountBody = {
    realName: text(values.realName),
    name: orNull(values.name),
    phone: orNull(values.phone),
    email: orNull(values.email),
    sex: typeof values.sex === 'number' ? values.sex : null,
    deptId: String(values.deptId ?? ''),
    roleIds: roles.join(','),
    seq: typeof values.seq === 'number' ? values.seq : 0,
    isAddressBook: values.isAddressBook ? 1 : 0,
  };
  if (row) return { ...body, id: row.id, version: row.version };
  return {
    ...body,
    account: text(values.account),
    passwordDelivery: (values.passwordDelivery as PasswordDelivery | undefined) ?? defaultDelivery(values.phone, values.email),
  };
}

/** The form's starting values from an account (its roles as a list, the address-book flag as a switch). */
export function accountFormValues(row: UserView): Record<string, unknown> {
  return {
    account: row.account,
    realName: row.realName ?? '',
    name: row.name ?? '',
    phone: row.phone ?? '',
    email: row.email ?? '',
    sex: row.sex ?? undefined,
    deptId: row.deptId,
    roleIds: row.roleIds ? row.roleIds.split(',').filter(Boolean) : [],
    seq: row.seq,
    isAddressBook: row.isAddressBook === 1,
  };
}
