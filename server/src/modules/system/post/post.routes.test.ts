import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { giveRole, useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['admin', 'nj_aoc', 'nj_coc'], async (app) => {
  t = app;
  // nj_aoc becomes a tenant administrator (role admin: the post menu, but not the platform's defaults).
  await giveRole(t.db, 'nj_aoc', 'admin');
});

const base = '/api/blade-system/post';
const get = (call: string, query: Record<string, string> = {}, who = 'admin') => t.call({ url: `${base}/${call}`, token: tokens[who], query });
const submit = (body: unknown, who = 'admin') => t.call({ method: 'POST', url: `${base}/submit`, token: tokens[who], body });
const remove = (ids: string, who = 'admin') => t.call({ method: 'POST', url: `${base}/remove`, token: tokens[who], query: { ids } });
const post = (postCode: string, postName: string, extra: Record<string, unknown> = {}) => ({ postCode, postName, category: 2, sort: 10, ...extra });

describe('post select', () => {
  it('offers the platform default posts (tenant 000000) to every signed-in user, in order', async () => {
    const res = await get('select', { tenantId: '000000' }, 'nj_coc');
    expect(res.status).toBe(200);
    const names = res.body.data.map((p: any) => p.postName);
    expect(names).toEqual(expect.arrayContaining(['主席', '秘书长', '办公室主任', '工作人员']));
    expect(names.indexOf('主席')).toBeLessThan(names.indexOf('工作人员'));
    expect(res.body.data[0]).toEqual({ id: expect.stringMatching(/^\d+$/), postCode: 'chairman', postName: '主席', category: 1, sort: 1 });
    expect((await get('select', {}, 'nj_coc')).body.data).toEqual(res.body.data);
    expect((await get('select', { tenantId: 'x' }, 'nj_coc')).status).toBe(400);
  });

  it("adds the caller's own tenant's posts; another tenant's stay hidden unless an administrator names it", async () => {
    const own = await submit(post('clerk', '文员'), 'nj_aoc');
    expect(own.body).toMatchObject({ msg: '新增成功', data: { tenantId: '000001', postCode: 'clerk', version: 1 } });
    await t.db.insertInto('bladePost').values({ tenantId: '000002', postCode: 'foreign', postName: '外租户岗位', category: 1 }).execute();
    const seen = (await get('select', {}, 'nj_coc')).body.data.map((p: any) => p.postCode);
    expect(seen).toContain('clerk');
    expect(seen).not.toContain('foreign');
    expect((await get('select', { tenantId: '000002' }, 'nj_coc')).body.data.map((p: any) => p.postCode)).not.toContain('foreign');
    const named = (await get('select', { tenantId: '000002' })).body.data.map((p: any) => p.postCode);
    expect(named).toContain('foreign');
    expect(named).toContain('chairman');
    expect(named).not.toContain('clerk');
  });
});

describe('post list / submit / remove (岗位管理)', () => {
  it("lists the tenant's posts and the defaults, filtered and paged", async () => {
    const page = (await get('list', { postName: '秘书' })).body.data;
    expect(page.records.map((r: any) => r.postName)).toEqual(['秘书长', '副秘书长']);
    expect(page.records[0]).toMatchObject({ tenantId: '000000', postCode: 'secretary', category: 1, categoryName: '领导', version: 1 });
    expect((await get('list', { postCode_equal: 'staff' })).body.data.total).toBe(1);
    expect((await get('list', { size: '2' })).body.data.records).toHaveLength(2);
    expect((await get('list', {}, 'nj_coc')).status).toBe(403);
  });

  it('post codes are unique within the tenant and may not shadow a default', async () => {
    expect((await submit(post('clerk', '文员二'), 'nj_aoc')).body).toMatchObject({ code: 400, msg: '岗位编号已存在' });
    expect((await submit(post('chairman', '主席二'), 'nj_aoc')).body.msg).toBe('岗位编号已存在');
    expect((await submit(post('', '无编号'))).body.msg).toBe('请输入岗位编号');
    expect((await submit(post('x', ''))).body.msg).toBe('请输入岗位名称');
    expect((await submit(post('x', 'x', { category: 7 }))).body.msg).toBe('请选择岗位类型');
    expect((await submit(post('x'.repeat(13), 'x'))).status).toBe(400);
    const results = await Promise.all(Array.from({ length: 8 }, () => submit(post('race', '并发岗位'), 'nj_aoc')));
    expect(results.every((r) => r.status < 500)).toBe(true);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  });

  it('updates are versioned; the defaults can be changed only by an administrator', async () => {
    const p = (await submit(post('driver', '驾驶员'), 'nj_aoc')).body.data;
    const up = await submit({ ...post('driver', '专职驾驶员'), id: p.id, version: p.version }, 'nj_aoc');
    expect(up.body).toMatchObject({ msg: '更新成功', data: { postName: '专职驾驶员', version: 2 } });
    expect((await submit({ ...post('driver', '旧名'), id: p.id, version: 1 }, 'nj_aoc')).body.msg).toBe('数据已被他人修改,请刷新后重试');
    expect((await submit({ ...post('driver', '旧名'), id: p.id }, 'nj_aoc')).body.msg).toBe('请提供数据版本号(version)');

    const staff = (await get('list', { postCode_equal: 'staff' })).body.data.records[0];
    const byTenantAdmin = await submit({ ...post('staff', '改名'), category: 3, id: staff.id, version: staff.version }, 'nj_aoc');
    expect(byTenantAdmin.body).toMatchObject({ code: 403, msg: '平台默认岗位只能由超级管理员修改' });
    expect((await remove(staff.id, 'nj_aoc')).status).toBe(403);
    const byAdministrator = await submit({ ...post('staff', '一般工作人员'), category: 3, id: staff.id, version: staff.version });
    expect(byAdministrator.body.data).toMatchObject({ tenantId: '000000', postName: '一般工作人员' });
    const foreign = await t.db.selectFrom('bladePost').select(['id', 'version']).where('postCode', '=', 'foreign').executeTakeFirstOrThrow();
    expect((await submit({ ...post('foreign', 'x'), id: foreign.id, version: foreign.version })).status).toBe(404);
    expect((await get('detail', { id: foreign.id })).status).toBe(404);
  });

  it('removes with 删除成功, but not a post a user holds', async () => {
    const p = (await submit(post('temp', '临时岗位'), 'nj_aoc')).body.data;
    const held = (await submit(post('held', '在岗岗位'), 'nj_aoc')).body.data;
    await t.db.updateTable('bladeUser').set({ postId: held.id }).where('account', '=', 'nj_coc').execute();
    expect((await remove(`${p.id},${held.id}`, 'nj_aoc')).body).toMatchObject({ code: 400, msg: '该岗位下存在用户,无法删除' });
    expect((await remove(p.id, 'nj_aoc')).body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await get('detail', { id: p.id })).status).toBe(404);
    expect((await get('detail', { id: held.id })).body.data.postName).toBe('在岗岗位');
    expect((await submit(post('temp', '临时岗位'), 'nj_aoc')).body.msg).toBe('新增成功');
    expect((await remove(p.id, 'nj_coc')).status).toBe(403);
  });
});
