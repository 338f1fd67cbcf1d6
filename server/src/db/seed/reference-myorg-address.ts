import type { Db } from '../connection.js';
import type { RoleAlias } from './reference-data.js';
import { grantMenus } from './seed-grants.js';

type Once = (tx: Db, name: string, step: () => Promise<void>) => Promise<void>;

/** The address books' menus and buttons (contract menus.ts, under 我的组织). */
const BOOK_CODES = ['myorg_address_book', 'myorg_address_detail', 'myorg_sh_address', 'myorg_sh_address_edit', 'myorg_sh_address_export'];
const FEDERATION_CODES = ['myorg_gsl_address', 'myorg_gsl_address_edit', 'myorg_gsl_address_export'];

/**
 * The address books' grants for installations created before they existed (new ones get them with the
 * default grants, reference-data.ts): the books for federation and chamber staff (a chamber keeps no
 * federation book), full phone numbers (查看完整手机号) for tenant admins only.
 */
export async function seedMyOrgAddressReference(tx: Db, roleIds: Record<RoleAlias, string>, menuIds: Map<string, string>, once: Once): Promise<void> {
  await once(tx, 'myorg-address-grants-v1', async () => {
    await grantMenus(tx, roleIds, menuIds, ['portal_myorg', ...BOOK_CODES], ['administrator', 'admin', 'aoc', 'coc']);
    await grantMenus(tx, roleIds, menuIds, FEDERATION_CODES, ['administrator', 'admin', 'aoc']);
    await grantMenus(tx, roleIds, menuIds, ['myorg_address_phone'], ['administrator', 'admin']);
  });
}
