import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSSDK_MSG, JSSDK_PATH } from '@gsl/contract';
import { createTestApp, type TestApp } from '../../../../test/app.js';
import { FakeWechat } from '../../../../test/harness/fake-wechat.js';
import { JSSDK_NOT_CONFIGURED } from '../../../platform/wechat/wechat.js';

const fake = await new FakeWechat().start();
let t: TestApp;
let bare: TestApp;
let token: string;
let bareToken: string;

beforeAll(async () => {
  t = await createTestApp(fake.config);
  bare = await createTestApp({ wechatAppId: '', wechatAppSecret: '' });
  token = (await t.login('nj_aoc')).access_token;
  bareToken = (await bare.login('nj_aoc')).access_token;
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await fake.stop();
});

const sign = (url?: string, app = t, tk = token) => app.call({ url: JSSDK_PATH, token: tk, query: url === undefined ? {} : { url } });

describe('mini/common/js-sdk/signature', () => {
  it('needs a token', async () => {
    expect((await t.call({ url: JSSDK_PATH, query: { url: 'https://x.cn/' } })).status).toBe(401);
  });

  it('signs the page with the jsapi_ticket as WeChat documents it, fetching the ticket once for its lifetime', async () => {
    const page = 'https://portal.example.cn/gsl/portal/myDay?a=1&b=2';
    const res = await sign(`${page}#frag`);
    expect(res.status).toBe(200);
    const { appId, timestamp, nonceStr, signature, url } = res.body.data;
    expect(appId).toBe(fake.appId);
    expect(url).toBe(page);
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHash('sha1').update(`jsapi_ticket=${fake.jsapiTicket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${page}`).digest('hex');
    expect(signature).toBe(expected);

    const again = await sign(page);
    expect(again.body.data.nonceStr).not.toBe(nonceStr);
    expect(fake.calls.filter((c) => c.path === '/cgi-bin/token')).toHaveLength(1);
    expect(fake.calls.filter((c) => c.path === '/cgi-bin/ticket/getticket')).toHaveLength(1);
  });

  it('refuses a missing or bad url, and says plainly when WeChat is not configured', async () => {
    expect((await sign()).body.msg).toBe(JSSDK_MSG.urlRequired);
    expect((await sign('javascript:alert(1)')).body.msg).toBe(JSSDK_MSG.urlBad);
    const none = await sign('https://x.cn/', bare, bareToken);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe(JSSDK_NOT_CONFIGURED);
  });
});
