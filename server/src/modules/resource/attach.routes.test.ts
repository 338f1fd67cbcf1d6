import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idCardCheckChar } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { uploadFile } from '../../../test/harness/files.js';
import { maskUrl } from '../../platform/audit/mask.js';
import { decryptBody } from '../../platform/http/crypto.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const basic = () => `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;

beforeAll(async () => {
  t = await createTestApp({ fileMaxBytes: 64 * 1024 });
  for (const a of ['admin', 'js_aoc', 'nj_aoc', 'nj_coc']) tokens[a] = (await t.login(a)).access_token;
  const suzhou = await t.db.selectFrom('bladeDept').select('id').where('deptName', '=', '苏州市工商联').executeTakeFirstOrThrow();
  const sz = await t.db.selectFrom('bladeUser').select('account').where('deptId', '=', suzhou.id).orderBy('id').executeTakeFirstOrThrow();
  tokens.sz = (await t.login(sz.account)).access_token;
});
afterAll(() => t?.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
const upload = (name: string, content: Buffer, query = '', who = 'nj_coc') => uploadFile(t, tokens[who], name, content, query);
/** A download as the web client sends it (files are not encrypted, so read the bytes as they come). */
async function download(who: string, id: string) {
  const res = await t.app.inject({
    url: '/api/blade-resource/attach/download',
    query: { id },
    headers: { authorization: basic(), 'blade-auth': `bearer ${tokens[who]}` },
  });
  const type = String(res.headers['content-type'] ?? '');
  const body = type.startsWith('text/plain') && res.statusCode !== 200 ? JSON.parse(decryptBody(res.body, t.config.aesKey)) : undefined;
  return { status: res.statusCode, raw: res.body, headers: res.headers, body };
}
const publicIdOf = (link: string) => new URL(link, 'http://x').searchParams.get('id')!;

describe('put-file-attach', () => {
  it('stores a file and serves it back to its uploader with its name, under an unguessable id', async () => {
    const res = await upload('会员名单.txt', Buffer.from('张三,李四\n'));
    expect(res.body).toMatchObject({ code: 200, data: { originalName: '会员名单.txt', size: 14 } });
    expect(res.body.data.link).toMatch(/^\/api\/blade-resource\/attach\/download\?id=[0-9a-f]{32}$/);
    expect(JSON.stringify(res.body.data)).not.toContain('000001/'); // the storage key stays on the server
    const got = await download('nj_coc', publicIdOf(res.body.data.link));
    expect(got.status).toBe(200);
    expect(got.raw).toBe('张三,李四\n');
    expect(got.headers['content-disposition']).toContain(encodeURIComponent('会员名单.txt'));
    // The numeric id is not a download id: counting finds nothing.
    const counted = await download('nj_coc', res.body.data.attachId);
    expect(counted.status).toBe(400);
    expect(counted.body.msg).toBe('附件编号格式不正确');
  });

  it('applies the avatar rule: jpg or png only, at most 500 KB, and the bytes must match', async () => {
    expect((await upload('me.png', PNG, '?category=avatar')).body.code).toBe(200);
    expect((await upload('me.gif', Buffer.from('GIF89a....'), '?category=avatar')).body.msg).toBe('头像只能是 jpg 或 png 格式');
    expect((await upload('fake.png', Buffer.from('this is not an image at all'), '?category=avatar')).body.msg).toBe('文件内容与扩展名不符');
  });

  it('refuses files over the size limit and types outside the list, storing nothing', async () => {
    const before = await t.db
      .selectFrom('bladeAttach')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const big = await upload('big.txt', Buffer.alloc(70 * 1024, 65));
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('文件大小不能超过64KB');
    expect((await upload('run.exe', Buffer.from('MZ'))).body.msg).toMatch(/^不支持的文件类型/);
    const after = await t.db
      .selectFrom('bladeAttach')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers a clear 400 to a non-multipart request', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file-attach', token: tokens.nj_coc, body: { file: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请使用 multipart/form-data 上传文件');
  });
});

describe("attach/download: a file is read only inside its owner's scope or through a record that holds it", () => {
  it('a province federation file is 404 to the city and chamber below it, readable by the province', async () => {
    const res = await upload('省工商联内部文件.txt', Buffer.from('内部'), '', 'js_aoc');
    const id = publicIdOf(res.body.data.link);
    expect((await download('js_aoc', id)).status).toBe(200);
    for (const who of ['nj_coc', 'nj_aoc', 'sz']) {
      const got = await download(who, id);
      expect(got.status, who).toBe(404);
      expect(got.raw, who).not.toContain('内部');
    }
  });

  it("a chamber's file is readable by its city federation above, not by another city", async () => {
    const id = publicIdOf((await upload('商会文件.txt', Buffer.from('商会'))).body.data.link);
    expect((await download('nj_aoc', id)).status).toBe(200);
    expect((await download('js_aoc', id)).status).toBe(200);
    expect((await download('sz', id)).status).toBe(404);
  });

  it("another tenant's file is 404", async () => {
    const res = await upload('x.txt', Buffer.from('x'));
    await t.db.updateTable('bladeAttach').set({ tenantId: '000002' }).where('id', '=', res.body.data.attachId).execute();
    expect((await download('nj_coc', publicIdOf(res.body.data.link))).status).toBe(404);
  });

  it("a person's photo is readable exactly when the person's profile is", async () => {
    const link = (await upload('photo.png', PNG, '', 'nj_aoc')).body.data.link as string;
    const id = publicIdOf(link);
    expect((await download('sz', id)).status).toBe(404);
    const body = `32010219800512${10 + Math.floor(Math.random() * 89)}1`;
    const certNo = body + idCardCheckChar(body);
    const saved = await t.call({
      method: 'POST',
      url: '/api/aoc-service/personbase/submit',
      token: tokens.nj_aoc,
      body: { name: '照片档案人', certType: 1, certNo, photo: link, visibility: 1 },
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    // 公开: every user with the person base menu reads the profile, so its photo too.
    expect((await download('sz', id)).status).toBe(200);
    const person = await t.db.selectFrom('aocPersonBase').select(['id', 'version']).where('photo', '=', link).executeTakeFirstOrThrow();
    await t.db.updateTable('aocPersonBase').set({ visibility: 2 }).where('id', '=', person.id).execute();
    // 本组织及上级可见: Suzhou may not read the profile, nor its photo.
    expect((await download('sz', id)).status).toBe(404);
  });
});

describe('tokens in URLs', () => {
  it('an access token in the query string is refused, on downloads and everywhere else', async () => {
    const id = publicIdOf((await upload('a.txt', Buffer.from('a'))).body.data.link);
    const viaQuery = await t.app.inject({
      url: `/api/blade-resource/attach/download?id=${id}&Blade-Auth=${encodeURIComponent(`bearer ${tokens.nj_coc}`)}`,
      headers: { authorization: basic() },
    });
    expect(viaQuery.statusCode).toBe(401);
    const info = await t.app.inject({
      url: `/api/blade-auth/oauth/user-info?Blade-Auth=${encodeURIComponent(`bearer ${tokens.nj_coc}`)}`,
      headers: { authorization: basic() },
    });
    expect(info.statusCode).toBe(401);
  });

  it('a download link opens its one file with no header at all, and nothing else', async () => {
    const a = publicIdOf((await upload('a.txt', Buffer.from('第一份'))).body.data.link);
    const b = publicIdOf((await upload('b.txt', Buffer.from('第二份'))).body.data.link);
    const made = await t.call({ url: '/api/blade-resource/attach/download-link', token: tokens.nj_coc, query: { id: a } });
    expect(made.body.data.expiresIn).toBe(300);
    const link = made.body.data.link as string;
    expect(link).not.toContain(tokens.nj_coc);
    const opened = await t.app.inject({ url: link });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('第一份');
    // The same token for another file, or as an access token on another route, is refused.
    const other = await t.app.inject({ url: link.replace(a, b) });
    expect(other.statusCode).toBe(404);
    const dl = new URL(link, 'http://x').searchParams.get('Blade-Auth')!;
    const elsewhere = await t.app.inject({ url: '/api/blade-auth/oauth/user-info', headers: { authorization: basic(), 'blade-auth': dl } });
    expect(elsewhere.statusCode).toBe(401);
    // Links are made only for readable files.
    expect((await t.call({ url: '/api/blade-resource/attach/download-link', token: tokens.sz, query: { id: a } })).status).toBe(404);
  });

  it('a download link stops working once its user logs out', async () => {
    const token = (await t.login('nj_coc')).access_token;
    const id = publicIdOf((await upload('c.txt', Buffer.from('c'))).body.data.link);
    const link = (await t.call({ url: '/api/blade-resource/attach/download-link', token, query: { id } })).body.data.link as string;
    await t.call({ url: '/api/blade-auth/oauth/logout', token });
    expect((await t.app.inject({ url: link })).statusCode).toBe(401);
  });

  it('secret query parameters are masked in logged URLs', () => {
    expect(maskUrl('/api/blade-resource/attach/download?id=ab&Blade-Auth=bearer%20eyJ.x.y')).toBe(
      '/api/blade-resource/attach/download?id=ab&Blade-Auth=******',
    );
    expect(maskUrl('/api/blade-auth/oauth/token?grant_type=password&password=x&code=1')).toBe(
      '/api/blade-auth/oauth/token?grant_type=password&password=******&code=******',
    );
    expect(maskUrl('/gsl/portal')).toBe('/gsl/portal');
  });
});

describe('附件管理: attach list, detail and remove', () => {
  it('lists the files of the orgs in scope for holders of the menu; others get 403', async () => {
    await upload('list-me.txt', Buffer.from('l'));
    const list = await t.call({ url: '/api/blade-resource/attach/list', token: tokens.admin, query: { originalName: 'list-me' } });
    expect(list.body.code).toBe(200);
    expect(list.body.data.records[0]).toMatchObject({
      originalName: 'list-me.txt',
      extension: 'txt',
      attachSize: 1,
      categoryName: '附件',
      createDeptName: '南京市浙江商会',
    });
    expect(list.body.data.records[0].createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(list.body.data.records[0]).not.toHaveProperty('storageKey');
    expect((await t.call({ url: '/api/blade-resource/attach/list', token: tokens.nj_aoc })).status).toBe(403);
    const detail = await t.call({ url: '/api/blade-resource/attach/detail', token: tokens.admin, query: { id: list.body.data.records[0].id } });
    expect(detail.body.data.link).toBe(list.body.data.records[0].link);
  });

  it('removes files all or none, and deletes the bytes no row points at any more', async () => {
    const one = (await upload('remove-1.txt', Buffer.from('1'))).body.data;
    const two = (await upload('remove-2.txt', Buffer.from('2'))).body.data;
    const keyOf = async (id: string) => (await t.db.selectFrom('bladeAttach').select('storageKey').where('id', '=', id).executeTakeFirstOrThrow()).storageKey;
    const file = path.join(t.config.fileStoreDir, await keyOf(one.attachId));
    expect(fs.existsSync(file)).toBe(true);
    // An id that does not exist refuses the whole list.
    const mixed = await t.call({
      method: 'POST',
      url: '/api/blade-resource/attach/remove',
      token: tokens.admin,
      query: { ids: `${one.attachId},9000000000000000001` },
    });
    expect(mixed.status).toBe(404);
    expect((await download('nj_coc', publicIdOf(one.link))).status).toBe(200);
    const removed = await t.call({
      method: 'POST',
      url: '/api/blade-resource/attach/remove',
      token: tokens.admin,
      query: { ids: `${one.attachId},${two.attachId}` },
    });
    expect(removed.body).toMatchObject({ code: 200, msg: '删除成功' });
    expect((await download('nj_coc', publicIdOf(one.link))).status).toBe(404);
    expect(fs.existsSync(file)).toBe(false);
  });
});

describe('malformed uploads', () => {
  it('a truncated multipart body is a 400, not a server fault', async () => {
    const boundary = '----gslbroken';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file-attach',
      headers: { authorization: basic(), 'blade-auth': `bearer ${tokens.nj_coc}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a file`,
    });
    expect(res.statusCode).toBe(400);
  });
});
