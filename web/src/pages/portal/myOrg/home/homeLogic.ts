import { menuOf, screensOf, type MenuDef, type MyOrgCardView, type ScreenDef } from '@gsl/contract';

/** An entry of 我的组织's index: a screen the user may open. */
export interface MyOrgEntry {
  code: string;
  name: string;
  path: string;
  source?: string;
  sort: number;
}

/**
 * The org's information (myOrg/detail, edit, guidance) sits on the org profile's calls, so its entry follows
 * the org profile's grant (组织档案), not a menu of its own.
 */
export const ORG_INFO_ENTRY: MyOrgEntry = { code: 'profile_org', name: '组织档案', path: '/portal/myOrg/detail', source: 'profile', sort: 40 };

/**
 * The org's AI 主页 (/portal/myOrg/aiHome): every holder of 我的组织 reads the own org's page, and its own
 * staff edit and publish it (the server decides, README deviation 62), so it follows 我的组织 itself.
 */
export const AI_HOME_ENTRY: MyOrgEntry = { code: 'portal_myorg', name: 'AI主页', path: '/portal/myOrg/aiHome', source: 'global', sort: 45 };

/**
 * The entries the user may open, in the registry's order: every screen of 我的组织 in the menu registry whose
 * code (or one of its buttons') the user holds — so the address books, accounts, roles, 登录日志 and
 * 邮箱配置 appear as they are granted — 组织档案 with the org profile's grant, and AI主页 with 我的组织's. The
 * server checks again.
 */
export function entriesOf(can: (code: string) => boolean, screens: ScreenDef[] = screensOf(menuOf('portal_myorg')!).slice(1)): MyOrgEntry[] {
  const held = (m: MenuDef): boolean => can(m.code) || (m.children ?? []).some(held);
  const entries: MyOrgEntry[] = screens.filter(held).map((s) => ({ code: s.code, name: s.name, path: s.path, source: s.source, sort: s.sort }));
  if (can(ORG_INFO_ENTRY.code)) entries.push(ORG_INFO_ENTRY);
  if (can(AI_HOME_ENTRY.code)) entries.push(AI_HOME_ENTRY);
  return entries.sort((a, b) => a.sort - b.sort);
}

/** The guided completion's progress in whole percent (0 before the profile exists). */
export const progressOf = (card: Pick<MyOrgCardView, 'profileFilled' | 'profileTotal'>): number =>
  card.profileTotal ? Math.round((card.profileFilled / card.profileTotal) * 100) : 0;

/** The card's figures, as the index shows them: a federation counts the federations below it, a chamber has none. */
export function figuresOf(card: MyOrgCardView): Array<{ key: string; label: string; value: number; note?: string }> {
  const out: Array<{ key: string; label: string; value: number; note?: string }> = [
    { key: 'staff', label: '工作人员', value: card.staffCount, note: `通讯录 ${card.addressBookCount} 人` },
  ];
  if (card.deptCategory === 1) out.push({ key: 'federation', label: '下级工商联', value: card.federationCount });
  if (card.deptCategory === 1 || card.chamberCount) out.push({ key: 'chamber', label: '所属商会', value: card.chamberCount });
  if (card.deptCategory === 1 || card.associationCount) out.push({ key: 'association', label: '所属协会', value: card.associationCount });
  const m = card.memberCount;
  out.push({ key: 'member', label: '会员', value: m.total, note: `企业 ${m.enterprise} · 团体 ${m.group} · 个人 ${m.person}` });
  return out;
}
