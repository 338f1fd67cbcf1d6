import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { decryptBody } from './crypto.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ bodyLimit: 4096 });
  token = (await t.login('nj_aoc')).access_token;
});
afterAll(() => t?.close());

describe('envelope, status codes and encryption', () => {
  it('health needs no client and is not encrypted', async () => {
    const res = await t.call({ url: '/api/health', client: false });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.raw)).toMatchObject({ status: 'UP', database: 'UP' });
  });

  it('encrypts every JSON answer under /api with AES-256-CBC, errors included', async () => {
    const res = await t.call({ url: '/api/blade-auth/oauth/user-info', token });
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(() => JSON.parse(res.raw)).toThrow();
    expect(JSON.parse(decryptBody(res.raw, t.config.aesKey))).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const err = await t.call({ url: '/api/blade-auth/oauth/user-info' });
    expect(err.headers['content-type']).toMatch(/^text\/plain/);
    expect(err.body).toEqual({ code: 401, success: false, data: null, msg: '用户未登录' });
  });

  it('answers plain JSON when API_CRYPTO is off', async () => {
    const plain = await createTestApp({ apiCrypto: false });
    try {
      const res = await plain.call({ url: '/api/blade-system/menu/routes' });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.raw)).toMatchObject({ code: 401 });
    } finally {
      await plain.close();
    }
  });

  it('unknown API routes are 404 in the envelope', async () => {
    const res = await t.call({ url: '/api/no/such/call', token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 404, success: false, msg: '请求的接口不存在' });
  });

  it('a wrong or missing client is 401 even with a good token', async () => {
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token, client: false })).body).toMatchObject({ code: 401, msg: '客户端认证失败' });
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token, client: { id: 'saber', secret: 'x' } })).status).toBe(401);
    expect((await t.call({ url: '/api/blade-auth/oauth/user-info', token, client: { id: 'other', secret: 'saber_secret' } })).status).toBe(401);
  });

  it('sends security headers', async () => {
    const res = await t.call({ url: '/api/health', client: false });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});

describe('bad input is a clear 4xx and changes nothing', () => {
  const logRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('bladeLogUsual')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('malformed JSON', async () => {
    const before = await logRows();
    const res = await t.call({ method: 'POST', url: '/api/msg-center/log/client', token, body: '{"logs": [', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 400, success: false, msg: '请求内容不是合法的JSON' });
    expect(await logRows()).toBe(before);
  });

  it('an oversized body', async () => {
    const before = await logRows();
    const res = await t.call({ method: 'POST', url: '/api/msg-center/log/client', token, body: { logs: [{ message: 'x'.repeat(10_000) }] } });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, msg: '请求内容过大' });
    expect(await logRows()).toBe(before);
  });

  it('a wrong content type', async () => {
    const res = await t.call({ method: 'POST', url: '/api/msg-center/log/client', token, body: 'logs', headers: { 'content-type': 'application/xml' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('不支持的请求内容类型');
  });

  it("schema violations answer the first rule's Chinese message and list the fields", async () => {
    const res = await t.call({ method: 'POST', url: '/api/msg-center/log/client', token, body: { logs: [] } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('日志不能为空');
    expect(res.body.data).toEqual([{ field: 'logs', message: '日志不能为空' }]);
  });

  it('SQL-looking ids are refused before any query', async () => {
    for (const deptId of ['1 or 1=1', '1;drop table blade_user', "' OR ''='"]) {
      const res = await t.call({ url: '/api/aoc-service/dept/aoc-union-id', query: { deptId }, token });
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('机构编号格式不正确');
    }
    expect(
      Number(
        (
          await t.db
            .selectFrom('bladeUser')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBeGreaterThan(4);
  });
});

describe('api log', () => {
  it('records audited calls with actor, dept, ip and masked secrets', async () => {
    await t.call({ method: 'POST', url: '/api/msg-center/log/client', token, body: { logs: [{ message: 'boom', type: 'TypeError' }] } });
    await t.call({ url: '/api/blade-auth/oauth/logout', token: (await t.login('js_aoc')).access_token });
    await t.app.services.audit.flush();
    const row = await t.db
      .selectFrom('bladeLogApi')
      .selectAll()
      .where('requestUri', '=', '/api/blade-auth/oauth/logout')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ createBy: 'js_aoc', method: 'GET', status: 200, title: 'logout: 退出登录 (吊销刷新令牌链)' });
    expect(row.remoteIp).toBeTruthy();
    const usual = await t.db.selectFrom('bladeLogUsual').selectAll().where('logId', '=', 'web:TypeError').executeTakeFirstOrThrow();
    expect(usual.createBy).toBe('nj_aoc');
    expect(usual.logData).toContain('boom');
  });
});

describe('OpenAPI', () => {
  it("describes every registered route with the specification's name", async () => {
    const res = await t.call({ url: '/api/openapi.json', client: false });
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.raw);
    for (const def of t.app.routeDefs) {
      const op = doc.paths[def.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[def.method.toLowerCase()];
      expect(op, `${def.method} ${def.url}`).toBeTruthy();
      expect(op.summary).toBe(def.summary);
    }
    expect(doc.paths['/api/blade-auth/oauth/token'].post.summary).toContain('loginByUsername');
  });

  it('is browsable at /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger');
    // the page's document (built on first ask, not at start-up) holds every route
    const json = await t.app.inject({ url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = JSON.parse(json.body);
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/blade-auth/oauth/token'].post.summary).toContain('loginByUsername');
    expect(Object.keys(doc.paths).length).toBe(Object.keys(JSON.parse((await t.app.inject({ url: '/api/openapi.json' })).body).paths).length);
  });
});

describe('input the database would choke on', () => {
  it('refuses NUL characters anywhere with a 400, not a database error', async () => {
    const q = await t.call({ url: '/api/aoc-service/portal/userlogin/list', token, query: { account: 'a\u0000b' } });
    expect(q.status).toBe(400);
    expect(q.body.msg).toBe('请求内容包含非法字符');
    const b = await t.call({ method: 'POST', url: '/api/msg-center/log/client', token, body: { logs: [{ message: 'x\u0000' }] } });
    expect(b.status).toBe(400);
  });

  it("refuses numbers outside the column's range", async () => {
    const res = await t.call({ url: '/api/aoc-service/portal/userlogin/list', token, query: { success: '99999999999' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('success 超出范围');
    expect((await t.call({ url: '/api/aoc-service/portal/userlogin/list', token, query: { success: '1.5' } })).body.msg).toBe('success 必须是整数');
  });
});

describe('server faults', () => {
  it('answer a masked 500 and write the error log with the details', async () => {
    const broken = await createTestApp();
    try {
      const s = await broken.login('nj_aoc');
      await broken.db.schema.alterTable('blade_user_login_log').renameTo('login_log_gone').execute();
      const res = await broken.call({ url: '/api/aoc-service/portal/userlogin/list', token: s.access_token });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ code: 500, success: false, data: null, msg: '服务器开小差了,请稍后再试' });
      expect(JSON.stringify(res.body)).not.toMatch(/login_log|relation/);
      await broken.app.services.audit.flush();
      const row = await broken.db.selectFrom('bladeLogError').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(row.requestUri).toBe('/api/aoc-service/portal/userlogin/list');
      expect(row.message).toMatch(/blade_user_login_log/);
      expect(row.createBy).toBe('nj_aoc');
    } finally {
      await broken.close();
    }
  });
});

describe('refusals by the router itself', () => {
  it('a malformed URL and an over-long path parameter answer the envelope with a Chinese message', async () => {
    const bad = await t.call({ url: '/api/blade-system/param/list%', token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, success: false, msg: '请求地址格式不正确' });
    const long = await t.call({ url: `/api/blade-system/v2/role/detail/${'9'.repeat(300)}`, token });
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({ success: false, msg: '请求地址中的参数过长' });
  });
});
