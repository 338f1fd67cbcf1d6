import { afterAll, beforeAll } from 'vitest';
import { menuOf } from '@gsl/contract';
import type { Db } from '../src/db/connection.js';
import type { AppConfig } from '../src/platform/config/config.js';
import { createTestApp, type TestApp } from './app.js';

/**
 * A test file's server: created before its tests and closed after them, with every account signed in
 * (the answer holds each one's access token under its name, once the tests run). `ready` gets the
 * server first, before the sign-ins: keep it for the tests, and change there what a sign-in must
 * already see (a role given to an account).
 */
export function useTestApp(accounts: string[], ready: (t: TestApp) => unknown, config: Partial<AppConfig> = {}): Record<string, string> {
  const tokens: Record<string, string> = {};
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp(config);
    await ready(app);
    for (const a of accounts) tokens[a] = (await app.login(a)).access_token;
  });
  afterAll(() => app?.close());
  return tokens;
}

/** The live menus' ids by code (grants and parents name them). */
export async function menuIdsByCode(db: Db): Promise<Record<string, string>> {
  const rows = await db.selectFrom('bladeMenu').select(['id', 'code']).where('isDeleted', '=', 0).execute();
  return Object.fromEntries(rows.map((m) => [m.code, m.id]));
}

/** Gives the account the role (by alias) as well as its own; call it before the account signs in. */
export async function giveRole(db: Db, account: string, roleAlias: string): Promise<void> {
  const role = await db.selectFrom('bladeRole').select('id').where('roleAlias', '=', roleAlias).executeTakeFirstOrThrow();
  const user = await db.selectFrom('bladeUser').select('id').where('account', '=', account).executeTakeFirstOrThrow();
  await db.insertInto('bladeUserRole').values({ userId: user.id, roleId: role.id }).execute();
}

/** Gives the tenant's role (by alias) the live menus and buttons with these codes, besides its own. */
export async function grantMenus(db: Db, roleAlias: string, codes: string[]): Promise<void> {
  const role = await db.selectFrom('bladeRole').select('id').where('roleAlias', '=', roleAlias).where('deptId', 'is', null).executeTakeFirstOrThrow();
  const menus = await db.selectFrom('bladeMenu').select('id').where('code', 'in', codes).where('isDeleted', '=', 0).execute();
  await db
    .insertInto('bladeRoleMenu')
    .values(menus.map((m) => ({ roleId: role.id, menuId: m.id })))
    .onConflict((oc) => oc.columns(['roleId', 'menuId']).doNothing())
    .execute();
}

/** The buttons of a screen's menu in the contract (menus.ts), leaving out `except`. */
export const buttonsOf = (menu: string, except: string[] = []): string[] =>
  (menuOf(menu)?.children ?? []).map((b) => b.code).filter((c) => !except.includes(c));
