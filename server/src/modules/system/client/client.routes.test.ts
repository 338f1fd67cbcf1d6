import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).access_token;
});
afterAll(() => t?.close());

const submit = (body: unknown, token = admin) => t.call({ method: 'POST', url: '/api/blade-system/client/submit', token, body });
const tokenWith = (id: string, secret: string) => t.passwordGrant('nj_aoc', 'Demo@2026', { client: { id, secret } });

describe('client administration', () => {
  it('creates a client with a generated secret shown once, which then works on the token endpoint', async () => {
    const res = await submit({
      clientId: 'mobile_app',
      authorizedGrantTypes: 'password,sso_refresh_token',
      accessTokenValidity: 1800,
      refreshTokenValidity: 86400,
    });
    expect(res.body).toMatchObject({ msg: '新增成功', data: { clientId: 'mobile_app', accessTokenValidity: 1800 } });
    const secret = res.body.data.clientSecret;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{30,}$/);
    const token = await tokenWith('mobile_app', secret);
    expect(token.status).toBe(200);
    expect(token.body.expires_in).toBe(1800);
    const detail = await t.call({ url: '/api/blade-system/client/detail', token: admin, query: { id: res.body.data.id } });
    expect(detail.body.data.clientSecret).toBeNull();
    expect(JSON.stringify(detail.body)).not.toContain(secret);
  });

  it('restricts the grant types a client may use', async () => {
    const res = await submit({ clientId: 'code_only', clientSecret: 'a-long-enough-secret-1', authorizedGrantTypes: 'sso_authorization_code' });
    expect(res.body.msg).toBe('新增成功');
    expect((await tokenWith('code_only', 'a-long-enough-secret-1')).body.error_description).toBe('不支持的授权类型');
  });

  it('changing the secret takes effect at once; the old one stops working', async () => {
    const row = (await t.call({ url: '/api/blade-system/client/list', token: admin, query: { clientId: 'code_only' } })).body.data.records[0];
    const res = await submit({
      id: row.id,
      version: row.version,
      clientId: 'code_only',
      clientSecret: 'another-long-secret-2',
      authorizedGrantTypes: 'password',
    });
    expect(res.body.msg).toBe('更新成功');
    expect((await tokenWith('code_only', 'a-long-enough-secret-1')).status).toBe(401);
    expect((await tokenWith('code_only', 'another-long-secret-2')).status).toBe(200);
  });

  it('an update keeps the redirect URI it does not name, and clears it when sent empty', async () => {
    const made = await submit({
      clientId: 'keeps_uri',
      clientSecret: 'a-long-enough-secret-3',
      authorizedGrantTypes: 'sso_authorization_code',
      webServerRedirectUri: 'https://portal.example.cn/callback',
    });
    expect(made.body.msg).toBe('新增成功');
    const row = (await t.call({ url: '/api/blade-system/client/list', token: admin, query: { clientId: 'keeps_uri' } })).body.data.records[0];
    expect((await submit({ id: row.id, version: row.version, clientId: 'keeps_uri', authorizedGrantTypes: 'sso_authorization_code,password' })).body.msg).toBe(
      '更新成功',
    );
    const after = (await t.call({ url: '/api/blade-system/client/detail', token: admin, query: { id: row.id } })).body.data;
    expect(after).toMatchObject({ webServerRedirectUri: 'https://portal.example.cn/callback', authorizedGrantTypes: 'sso_authorization_code,password' });
    expect(
      (await submit({ id: row.id, version: after.version, clientId: 'keeps_uri', authorizedGrantTypes: 'password', webServerRedirectUri: null })).body.msg,
    ).toBe('更新成功');
    expect((await t.call({ url: '/api/blade-system/client/detail', token: admin, query: { id: row.id } })).body.data.webServerRedirectUri).toBeNull();
  });

  it('validates the contract with Chinese messages', async () => {
    expect((await submit({ clientId: 'x', authorizedGrantTypes: 'password' })).body.msg).toBe('客户端编号只能包含字母、数字、_ 和 -,长度2到48位');
    expect((await submit({ clientId: 'weak', clientSecret: 'short', authorizedGrantTypes: 'password' })).body.msg).toBe('客户端密钥至少16位');
    expect((await submit({ clientId: 'bad_grant', authorizedGrantTypes: 'implicit' })).body.msg).toBe('授权类型不受支持');
    expect((await submit({ clientId: 'bad_uri', authorizedGrantTypes: 'password', webServerRedirectUri: 'javascript:alert(1)' })).body.msg).toMatch(
      /^回调地址须为/,
    );
    expect((await submit({ clientId: 'ttl', authorizedGrantTypes: 'password', accessTokenValidity: 7200, refreshTokenValidity: 3600 })).body.msg).toBe(
      '刷新令牌有效期不能短于访问令牌有效期',
    );
    expect((await submit({ clientId: 'saber', authorizedGrantTypes: 'password' })).body.msg).toBe('客户端编号已存在');
  });

  it('refuses to remove the web client itself; removes others', async () => {
    const all = (await t.call({ url: '/api/blade-system/client/list', token: admin })).body.data.records;
    const saber = all.find((c: any) => c.clientId === 'saber');
    expect((await t.call({ method: 'POST', url: '/api/blade-system/client/remove', token: admin, query: { ids: saber.id } })).body.msg).toBe(
      '该应用是本系统网页端所用,不能删除',
    );
    const mobile = all.find((c: any) => c.clientId === 'mobile_app');
    expect((await t.call({ method: 'POST', url: '/api/blade-system/client/remove', token: admin, query: { ids: mobile.id } })).body.msg).toBe('删除成功');
  });

  it('tenant admins do not hold the client menu', async () => {
    const nj = await t.db.selectFrom('bladeUser').select('id').where('account', '=', 'nj_aoc').executeTakeFirstOrThrow();
    const role = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.insertInto('bladeUserRole').values({ userId: nj.id, roleId: role.id }).execute();
    const token = (await t.login('nj_aoc')).access_token;
    expect((await t.call({ url: '/api/blade-system/client/list', token })).status).toBe(403);
  });
});
