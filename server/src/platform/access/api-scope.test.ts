import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CamelCasePlugin } from 'kysely';
import { createTestApp, type TestApp } from '../../../test/app.js';
import {
  API_SCOPE_TTL_MS,
  compileScopePath,
  configuredApiScopes,
  invalidateAllApiScopes,
  invalidateApiScopes,
  normalizePath,
  requestPaths,
} from './api-scope.js';

describe('api scope patterns', () => {
  const matches = (pattern: string, path: string) => compileScopePath(pattern)!.test(normalizePath(path));

  it('match Ant-style: * within a segment, ** across segments, {name} one segment', () => {
    expect(matches('/api/blade-system/param/list', '/api/blade-system/param/list')).toBe(true);
    expect(matches('/api/blade-system/param/list', '/api/blade-system/param/list?current=1')).toBe(true);
    expect(matches('/api/blade-system/param/list', '/api/blade-system/param/list/')).toBe(true);
    expect(matches('/api/blade-system/param/list', '/api/blade-system//param/list')).toBe(true);
    expect(matches('/api/blade-system/param/list', '/api/blade-system/param/%6Cist')).toBe(true);
    expect(matches('/api/blade-system/param/list', '/api/blade-system/param/listing')).toBe(false);
    expect(matches('/api/blade-system/param/**', '/api/blade-system/param')).toBe(true);
    expect(matches('/api/blade-system/param/**', '/api/blade-system/param/a/b')).toBe(true);
    expect(matches('/api/blade-system/param/**', '/api/blade-system/paramx/list')).toBe(false);
    expect(matches('/api/blade-system/*/list', '/api/blade-system/dict/list')).toBe(true);
    expect(matches('/api/blade-system/*/list', '/api/blade-system/a/b/list')).toBe(false);
    expect(matches('/api/blade-system/v2/role/detail/{id}', '/api/blade-system/v2/role/detail/12')).toBe(true);
    expect(matches('/api/blade-system/v2/role/detail/{id}', '/api/blade-system/v2/role/detail/:id')).toBe(true);
    expect(matches('/api/blade-system/param.list', '/api/blade-system/paramXlist')).toBe(false); // dots are literal
  });

  it('refuse what is not an /api path', () => {
    expect(compileScopePath('/sso/login')).toBeNull();
    expect(compileScopePath('/api/x/{id')).toBeNull();
  });

  it('test a request by its own path and by its route', () => {
    expect(requestPaths({ url: '/api/a/b/?x=1', routeOptions: { url: '/api/a/b' } })).toEqual(['/api/a/b']);
    expect(requestPaths({ url: '/api/a/7', routeOptions: { url: '/api/a/:id' } })).toEqual(['/api/a/7', '/api/a/:id']);
  });
});

describe('api scope applied to requests', () => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const menuIds: Record<string, string> = {};
  let roleA: string;
  let roleB: string;
  let scopeId: string;

  const call = (who: string, path = '/api/blade-system/param/list') => t.call({ url: path, token: tokens[who] });
  const adminPost = (url: string, body?: unknown, query?: Record<string, string>) => t.call({ method: 'POST', url, token: tokens.admin, body, query });

  beforeAll(async () => {
    t = await createTestApp();
    tokens.admin = (await t.login('admin')).access_token;
    for (const m of await t.db.selectFrom('bladeMenu').select(['id', 'code']).where('isDeleted', '=', 0).execute()) menuIds[m.code] = m.id;
    // Two roles, both holding the parameter menu, each given to one federation staff member.
    const ids: string[] = [];
    for (const alias of ['api_a', 'api_b']) {
      const role = await adminPost('/api/blade-system/role/submit', { roleName: alias, roleAlias: alias, sort: 1 });
      ids.push(role.body.data.id);
    }
    [roleA, roleB] = ids;
    expect((await adminPost('/api/blade-system/role/grant', { roleIds: [roleA, roleB], menuIds: [menuIds.system, menuIds.param] })).status).toBe(200);
    const staff = await t.db
      .selectFrom('bladeUser as u')
      .innerJoin('bladeUserRole as ur', 'ur.userId', 'u.id')
      .innerJoin('bladeRole as r', 'r.id', 'ur.roleId')
      .select(['u.id', 'u.account'])
      .where('r.roleAlias', '=', 'aoc')
      .where('u.account', 'not in', ['js_aoc', 'nj_aoc'])
      .orderBy('u.id', 'desc')
      .limit(2)
      .execute();
    await t.db
      .insertInto('bladeUserRole')
      .values([
        { userId: staff[0].id, roleId: roleA },
        { userId: staff[1].id, roleId: roleB },
      ])
      .execute();
    tokens.A = (await t.login(staff[0].account)).access_token;
    tokens.B = (await t.login(staff[1].account)).access_token;
  });
  afterAll(() => t?.close());

  it('without api scopes, holding the menu is enough', async () => {
    expect((await call('A')).status).toBe(200);
    expect((await call('B')).status).toBe(200);
  });

  it('an api scope on param/list granted to role A only: A gets 200, B 403, the administrator 200', async () => {
    const made = await adminPost('/api/blade-system/api-scope/submit', {
      menuId: menuIds.param,
      resourceCode: 'param',
      scopeName: '参数列表接口',
      scopePath: '/api/blade-system/param/list',
    });
    expect(made.body.msg).toBe('新增成功');
    scopeId = made.body.data.id;
    expect((await adminPost('/api/blade-system/role/grant', { roleIds: [roleA], apiScopeIds: [scopeId] })).status).toBe(200);
    expect((await call('A')).status).toBe(200);
    const refused = await call('B');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 403, success: false });
    expect((await call('B', '/api/blade-system/param/list/')).status).toBe(403);
    expect((await call('admin')).status).toBe(200);
    // paths the pattern does not name are unaffected
    expect((await call('B', '/api/blade-system/param/detail?paramKey=portal.banner.interval')).status).toBe(200);
    expect((await call('B', '/api/blade-system/menu/routes')).status).toBe(200);
  });

  it('a wider pattern covers the whole parameter API; a disabled role loses its api scope too', async () => {
    await adminPost('/api/blade-system/api-scope/submit', {
      id: scopeId,
      version: 1,
      menuId: menuIds.param,
      resourceCode: 'param',
      scopeName: '参数接口',
      scopePath: '/api/blade-system/param/**',
    });
    expect((await call('B', '/api/blade-system/param/detail?paramKey=portal.banner.interval')).status).toBe(403);
    expect((await call('A', '/api/blade-system/param/detail?paramKey=portal.banner.interval')).status).toBe(200);
    await adminPost('/api/blade-system/role/disable', undefined, { ids: roleA });
    expect((await call('A')).status).toBe(403);
    await adminPost('/api/blade-system/role/enable', undefined, { ids: roleA });
    expect((await call('A')).status).toBe(200);
  });

  it('removing the api scope lifts the restriction at once', async () => {
    expect((await adminPost('/api/blade-system/api-scope/remove', undefined, { ids: scopeId })).body.msg).toBe('删除成功');
    expect((await call('B')).status).toBe(200);
  });

  it('on the main database the patterns are kept past the TTL until an api scope is written; a tenant datasource caches them for the TTL', async () => {
    const first = await configuredApiScopes(t.db);
    expect(await configuredApiScopes(t.db)).toBe(first);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + API_SCOPE_TTL_MS + 1);
    try {
      expect(await configuredApiScopes(t.db), 'no TTL on the main database: nothing changed').toBe(first);
    } finally {
      clock.mockRestore();
    }
    await t.db.updateTable('bladeScopeApi').set({ status: 1 }).where('id', '=', '0').execute();
    expect(await configuredApiScopes(t.db), 'any write to the table drops the kept patterns').not.toBe(first);

    // A handle the access cache does not stand for (as a tenant's own datasource): the short TTL cache.
    const other = t.db.withoutPlugins().withPlugin(new CamelCasePlugin());
    invalidateApiScopes(other);
    const mine = await configuredApiScopes(other);
    expect(await configuredApiScopes(other)).toBe(mine);
    const clock2 = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + API_SCOPE_TTL_MS + 1);
    try {
      expect(await configuredApiScopes(other)).not.toBe(mine);
    } finally {
      clock2.mockRestore();
    }
    const cached = await configuredApiScopes(other);
    invalidateApiScopes(other);
    expect(await configuredApiScopes(other)).not.toBe(cached);
    // after the platform tables were copied to the tenants' databases, every database's cache goes
    const again = await configuredApiScopes(other);
    invalidateAllApiScopes();
    expect(await configuredApiScopes(other)).not.toBe(again);
  });
});
