import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { giveRole, useTestApp } from '../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['admin', 'js_aoc', 'nj_aoc', 'nj_coc'], async (app) => {
  t = app;
  // nj_aoc also becomes a tenant admin (role admin holds the log menus; its log scope is own dept and below)
  await giveRole(t.db, 'nj_aoc', 'admin');
});
beforeAll(async () => {
  // audited calls by users of different orgs
  for (const a of ['js_aoc', 'nj_coc'])
    await t.call({ method: 'POST', url: '/api/msg-center/log/client', token: tokens[a], body: { logs: [{ message: `from ${a}`, type: 'E2E' }] } });
  await t.call({
    method: 'POST',
    url: '/api/blade-system/param/submit',
    token: tokens.admin,
    body: { paramName: '日志', paramKey: 'log.test', paramValue: 'x', password: 'should-not-matter' },
  });
  await t.call({ url: '/api/blade-auth/oauth/logout', token: (await t.login('js_aoc')).access_token });
  await t.call({ url: '/api/blade-auth/oauth/logout', token: (await t.login('nj_coc')).access_token });
  await t.app.services.audit.flush();
});

const list = (kind: string, who: string, query: Record<string, string> = {}) =>
  t.call({ url: `/api/blade-log/${kind}/list`, token: tokens[who], query: { size: '200', ...query } });

describe('blade-log lists and details', () => {
  it('the administrator sees api logs with title, status and time, filterable by uri', async () => {
    const res = await list('api', 'admin', { requestUri: '/oauth/logout' });
    expect(res.body.data.total).toBeGreaterThanOrEqual(2);
    const row = res.body.data.records[0];
    expect(row).toMatchObject({ method: 'GET', status: 200, title: 'logout: 退出登录 (吊销刷新令牌链)' });
    expect(row.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(row).not.toHaveProperty('params'); // large columns only in the detail
    const detail = await t.call({ url: '/api/blade-log/api/detail', token: tokens.admin, query: { id: row.id } });
    expect(detail.body.data).toMatchObject({ id: row.id, requestUri: '/api/blade-auth/oauth/logout' });
  });

  it('masks secrets in logged params', async () => {
    const res = await list('api', 'admin', { requestUri: '/param/submit' });
    const detail = await t.call({ url: '/api/blade-log/api/detail', token: tokens.admin, query: { id: res.body.data.records[0].id } });
    expect(detail.body.data.params).toContain('"password":"******"');
    expect(detail.body.data.params).not.toContain('should-not-matter');
  });

  it('a tenant admin of a city sees only logs of users in his org and below', async () => {
    const seen = new Set((await list('api', 'nj_aoc')).body.data.records.map((r: any) => r.createBy));
    expect(seen).toContain('nj_coc');
    expect(seen).not.toContain('js_aoc');
    expect(seen).not.toContain('admin');
    const provinceRow = (await list('api', 'admin', { createBy: 'js_aoc' })).body.data.records[0];
    expect((await t.call({ url: '/api/blade-log/api/detail', token: tokens.nj_aoc, query: { id: provinceRow.id } })).status).toBe(404);
  });

  it("usual logs carry the web client's error reports", async () => {
    const res = await list('usual', 'admin', { logId: 'web:E2E' });
    expect(res.body.data.records.map((r: any) => r.createBy).sort()).toEqual(['js_aoc', 'nj_coc']);
  });

  it('error log detail includes the stack trace; the list does not', async () => {
    await t.db
      .insertInto('bladeLogError')
      .values({
        tenantId: '000001',
        requestUri: '/api/x',
        method: 'GET',
        exceptionName: 'TypeError',
        message: 'boom',
        stackTrace: 'TypeError: boom\n    at x (file.ts:1:1)',
        createBy: 'admin',
      })
      .execute();
    const row = (await list('error', 'admin', { exceptionName: 'TypeError' })).body.data.records[0];
    expect(row).not.toHaveProperty('stackTrace');
    const detail = await t.call({ url: '/api/blade-log/error/detail', token: tokens.admin, query: { id: row.id } });
    expect(detail.body.data.stackTrace).toContain('at x (file.ts:1:1)');
  });

  it('staff without the log menus get 403', async () => {
    for (const kind of ['usual', 'api', 'error']) expect((await list(kind, 'nj_coc')).status).toBe(403);
  });
});
