import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['admin', 'nj_aoc'], (app) => (t = app));

const submit = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: '/api/blade-system/param/submit', token: tokens[who], body });
const list = (query: Record<string, string> = {}, who = 'admin') => t.call({ url: '/api/blade-system/param/list', token: tokens[who], query });
const remove = (ids: string, who = 'admin') => t.call({ method: 'POST', url: '/api/blade-system/param/remove', token: tokens[who], query: { ids } });
const rows = async () => t.db.selectFrom('bladeParam').selectAll().where('isDeleted', '=', 0).execute();

describe('param list / submit / remove', () => {
  it('adds a parameter with 新增成功 and lists it', async () => {
    const res = await submit({ paramName: '门户标题', paramKey: 'portal.title', paramValue: '江苏工商联门户' });
    expect(res.body).toMatchObject({ code: 200, msg: '新增成功', data: { paramKey: 'portal.title', version: 1 } });
    const found = await list({ paramKey: 'portal.title' });
    expect(found.body.data.records).toHaveLength(1);
    expect(found.body.data.records[0]).toMatchObject({ paramName: '门户标题', paramValue: '江苏工商联门户' });
    expect(found.body.data.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("requires name, key and value with the specification's messages", async () => {
    expect((await submit({ paramKey: 'a.b', paramValue: 'v' })).body.msg).toBe('请输入参数名称');
    expect((await submit({ paramName: 'n', paramKey: '  ', paramValue: 'v' })).body.msg).toBe('请输入参数键名');
    expect((await submit({ paramName: 'n', paramKey: 'a.b', paramValue: '' })).body.msg).toBe('请输入参数键值');
    expect((await submit({ paramName: 'n', paramKey: 'a.b', paramValue: 'v', bogus: 1 })).status).toBe(400);
  });

  it('refuses a duplicate key', async () => {
    const res = await submit({ paramName: '重复', paramKey: 'portal.banner.interval', paramValue: '1' });
    expect(res.body).toMatchObject({ code: 400, msg: '参数键名已存在' });
  });

  it('updates at the read version with 更新成功 and bumps it; a stale or missing version is refused', async () => {
    const added = (await submit({ paramName: '版本', paramKey: 'portal.versioned', paramValue: 'a' })).body.data;
    const updated = await submit({ id: added.id, version: added.version, paramName: '版本', paramKey: 'portal.versioned', paramValue: 'b' });
    expect(updated.body).toMatchObject({ msg: '更新成功', data: { paramValue: 'b', version: 2 } });
    const stale = await submit({ id: added.id, version: 1, paramName: '版本', paramKey: 'portal.versioned', paramValue: 'c' });
    expect(stale.body).toMatchObject({ code: 400, msg: '数据已被他人修改,请刷新后重试' });
    expect((await submit({ id: added.id, paramName: '版本', paramKey: 'portal.versioned', paramValue: 'c' })).body.msg).toBe('请提供数据版本号(version)');
    expect((await list({ paramKey_equal: 'portal.versioned' })).body.data.records[0].paramValue).toBe('b');
    expect((await submit({ id: '99999999', version: 1, paramName: 'x', paramKey: 'x.y', paramValue: 'v' })).status).toBe(404);
  });

  it('removes several with 删除成功; unknown ids are 404', async () => {
    const a = (await submit({ paramName: '甲', paramKey: 'tmp.a', paramValue: '1' })).body.data;
    const b = (await submit({ paramName: '乙', paramKey: 'tmp.b', paramValue: '2' })).body.data;
    const res = await remove(`${a.id},${b.id}`);
    expect(res.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await list({ paramKey_likeright: 'tmp.' })).body.data.total).toBe(0);
    expect((await remove(`${a.id}`)).status).toBe(404);
    expect((await remove('')).body.msg).toBe('请选择至少一条数据');
    // a removed key can be used again
    expect((await submit({ paramName: '甲', paramKey: 'tmp.a', paramValue: '3' })).body.msg).toBe('新增成功');
  });

  it('federation staff without the parameter menu get 403 and change nothing', async () => {
    const before = JSON.stringify(await rows());
    expect((await list({}, 'nj_aoc')).status).toBe(403);
    expect((await submit({ paramName: 'x', paramKey: 'x.x', paramValue: 'x' }, 'nj_aoc')).status).toBe(403);
    const any = (await rows())[0];
    expect((await remove(any.id, 'nj_aoc')).status).toBe(403);
    expect(JSON.stringify(await rows())).toBe(before);
  });

  it("submit checks the action's own button: a role with the menu but not param_add cannot add", async () => {
    const adminRole = await t.db.selectFrom('bladeRole').select('id').where('roleAlias', '=', 'admin').executeTakeFirstOrThrow();
    const addButton = await t.db.selectFrom('bladeMenu').select('id').where('code', '=', 'param_add').executeTakeFirstOrThrow();
    const user = await t.db.selectFrom('bladeUser').select('id').where('account', '=', 'nj_aoc').executeTakeFirstOrThrow();
    await t.db.insertInto('bladeUserRole').values({ userId: user.id, roleId: adminRole.id }).execute();
    await t.db.deleteFrom('bladeRoleMenu').where('roleId', '=', adminRole.id).where('menuId', '=', addButton.id).execute();
    const token = (await t.login('nj_aoc')).access_token;
    expect((await t.call({ url: '/api/blade-system/param/list', token })).status).toBe(200);
    const res = await t.call({ method: 'POST', url: '/api/blade-system/param/submit', token, body: { paramName: 'x', paramKey: 'x.noadd', paramValue: 'x' } });
    expect(res.status).toBe(403);
    expect((await list({ paramKey: 'x.noadd' })).body.data.total).toBe(0);
  });
});

describe('concurrency: no lost update, no duplicate, no 5xx', () => {
  it('parallel updates of one record at the same version: exactly one wins, the rest are told it is stale', async () => {
    const p = (await submit({ paramName: '并发', paramKey: 'race.update', paramValue: 'start' })).body.data;
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => submit({ id: p.id, version: p.version, paramName: '并发', paramKey: 'race.update', paramValue: `writer-${i}` })),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(ok).toHaveLength(1);
    expect(results.filter((r) => r.body.msg === '数据已被他人修改,请刷新后重试')).toHaveLength(11);
    const final = (await list({ paramKey_equal: 'race.update' })).body.data.records[0];
    expect(final.paramValue).toBe(ok[0].body.data.paramValue);
    expect(final.version).toBe(2);
  });

  it('parallel creates with one key: exactly one row, the rest 参数键名已存在', async () => {
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => submit({ paramName: `并发${i}`, paramKey: 'race.create', paramValue: String(i) })));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.msg === '参数键名已存在')).toHaveLength(11);
    expect((await rows()).filter((r) => r.paramKey === 'race.create')).toHaveLength(1);
  });

  it('sequential read-modify-write by two editors: the second, holding the old version, cannot overwrite', async () => {
    const p = (await submit({ paramName: '编辑', paramKey: 'race.editors', paramValue: 'v0' })).body.data;
    const first = await submit({ ...pick(p), paramValue: 'editor-1' });
    const second = await submit({ ...pick(p), paramValue: 'editor-2' });
    expect(first.body.msg).toBe('更新成功');
    expect(second.body.msg).toBe('数据已被他人修改,请刷新后重试');
    expect((await list({ paramKey_equal: 'race.editors' })).body.data.records[0].paramValue).toBe('editor-1');
  });
});

function pick(p: any) {
  return { id: p.id, version: p.version, paramName: p.paramName, paramKey: p.paramKey };
}
