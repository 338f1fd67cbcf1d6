import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { decryptBody } from '../../platform/http/crypto.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ fileMaxBytes: 64 * 1024 });
  token = (await t.login('nj_coc')).access_token;
});
afterAll(() => t?.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);

async function upload(name: string, content: Buffer, query = '') {
  const boundary = '----gsl' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/blade-resource/oss/endpoint/put-file-attach${query}`,
    headers: {
      authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
      'blade-auth': `bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  return { status: res.statusCode, body: JSON.parse(decryptBody(res.body, t.config.aesKey)) };
}

describe('put-file-attach', () => {
  it('stores a file and serves it back to the same tenant with its name', async () => {
    const res = await upload('会员名单.txt', Buffer.from('张三,李四\n'));
    expect(res.body).toMatchObject({ code: 200, data: { originalName: '会员名单.txt', size: 14 } });
    const download = await t.app.inject({ url: `${res.body.data.link}&Blade-Auth=${encodeURIComponent(`bearer ${token}`)}`, headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` } });
    expect(download.statusCode).toBe(200);
    expect(download.body).toBe('张三,李四\n');
    expect(download.headers['content-disposition']).toContain(encodeURIComponent('会员名单.txt'));
  });

  it('applies the avatar rule: jpg or png only, at most 500 KB, and the bytes must match', async () => {
    expect((await upload('me.png', PNG, '?category=avatar')).body.code).toBe(200);
    expect((await upload('me.gif', Buffer.from('GIF89a....'), '?category=avatar')).body.msg).toBe('头像只能是 jpg 或 png 格式');
    expect((await upload('fake.png', Buffer.from('this is not an image at all'), '?category=avatar')).body.msg).toBe('文件内容与扩展名不符');
  });

  it('refuses files over the size limit and types outside the list, storing nothing', async () => {
    const before = await t.db.selectFrom('bladeAttach').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const big = await upload('big.txt', Buffer.alloc(70 * 1024, 65));
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('文件大小不能超过64KB');
    expect((await upload('run.exe', Buffer.from('MZ'))).body.msg).toMatch(/^不支持的文件类型/);
    const after = await t.db.selectFrom('bladeAttach').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers a clear 400 to a non-multipart request', async () => {
    const res = await t.call({ method: 'POST', url: '/api/blade-resource/oss/endpoint/put-file-attach', token, body: { file: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('请使用 multipart/form-data 上传文件');
  });

  it('another tenant\'s file is 404', async () => {
    const res = await upload('x.txt', Buffer.from('x'));
    await t.db.updateTable('bladeAttach').set({ tenantId: '000002' }).where('id', '=', res.body.data.attachId).execute();
    expect((await t.call({ url: '/api/blade-resource/attach/download', token, query: { id: res.body.data.attachId } })).status).toBe(404);
  });
});

describe('malformed uploads', () => {
  it('a truncated multipart body is a 400, not a server fault', async () => {
    const boundary = '----gslbroken';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file-attach',
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhalf a file`,
    });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(decryptBody(res.body, t.config.aesKey)).msg).toBe('上传内容格式不正确,请重新选择文件上传');
  });
});
