import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WX_MSG } from '@gsl/contract';
import { FakeWechat } from '../../../test/harness/fake-wechat.js';
import { ConfigError, loadConfig } from '../config/config.js';
import { createWechatClient, WechatClient, WechatError } from './wechat.js';

const fake = new FakeWechat();
/** A WeChat that never answers (the adapter's timeout must end the call). */
const silent = http.createServer(() => {});
let silentBase = '';

beforeAll(async () => {
  await fake.start();
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentBase = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.stop();
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
});

const client = (over: Partial<ConstructorParameters<typeof WechatClient>[0]> = {}) =>
  new WechatClient({ appId: fake.appId, appSecret: fake.appSecret, apiBase: fake.base, openBase: 'https://open.weixin.qq.com', ...over });

async function refusal(p: Promise<unknown>): Promise<WechatError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WechatError);
  return err as WechatError;
}

describe('WeChat adapter: configuration', () => {
  it('is unconfigured without WECHAT_APP_ID, points at WeChat by default, and refuses an id without its secret', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ wechatAppId: '', wechatAppSecret: '', wechatApiBase: 'https://api.weixin.qq.com', wechatOpenBase: 'https://open.weixin.qq.com' });
    expect(createWechatClient(c).configured).toBe(false);
    expect(() => loadConfig({ WECHAT_APP_ID: 'wx1' })).toThrow(ConfigError);
    expect(() => loadConfig({ WECHAT_APP_SECRET: 's' })).toThrow(/WECHAT_APP_ID and WECHAT_APP_SECRET/);
    expect(() => loadConfig({ WECHAT_API_BASE: 'ftp://x' })).toThrow(/WECHAT_API_BASE/);
    const set = loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_API_BASE: 'http://127.0.0.1:9/' });
    expect(set.wechatApiBase).toBe('http://127.0.0.1:9');
    expect(createWechatClient(set).configured).toBe(true);
  });

  it('unconfigured, every call refuses with 微信登录未配置', async () => {
    const none = new WechatClient({ appId: '', appSecret: '', apiBase: fake.base, openBase: fake.base });
    expect(() => none.authorizeUrl('http://localhost/cb', 'st')).toThrow(WX_MSG.notConfigured);
    expect((await refusal(none.identify('any'))).message).toBe(WX_MSG.notConfigured);
  });
});

describe('WeChat adapter: website QR sign-on', () => {
  it('builds the qrconnect address in the documented order, ending in #wechat_redirect', () => {
    const url = client().authorizeUrl('https://portal.example.gov.cn/api/blade-user/user-wx/callback', 'abc_123');
    expect(url).toBe(
      `https://open.weixin.qq.com/connect/qrconnect?appid=${fake.appId}` +
        '&redirect_uri=https%3A%2F%2Fportal.example.gov.cn%2Fapi%2Fblade-user%2Fuser-wx%2Fcallback' +
        '&response_type=code&scope=snsapi_login&state=abc_123#wechat_redirect',
    );
  });

  it('exchanges a code for the openid, unionid and nickname', async () => {
    const code = fake.code({ openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M', unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL', nickname: '张三' });
    expect(await client().identify(code)).toEqual({ openid: 'o6_bmjrPTlm6_2sgVt7hMZOPfL2M', unionid: 'o6_bmasdasdsad6_2sgVt7hMZOPfL', nickname: '张三' });
    const exchange = fake.calls.find((c) => c.path === '/sns/oauth2/access_token' && c.query.code === code)!;
    expect(exchange.query).toMatchObject({ appid: fake.appId, grant_type: 'authorization_code' });
  });

  it('maps WeChat’s errcodes (HTTP 200) to Chinese messages, never showing the secret', async () => {
    const code = fake.code({ openid: 'oUsedOnce0001' });
    await client().identify(code);
    const used = await refusal(client().identify(code));
    expect([used.code, used.errcode, used.message]).toEqual([400, 40163, WX_MSG.codeUsed]);
    const bad = await refusal(client().identify('not-a-code'));
    expect([bad.errcode, bad.message]).toEqual([40029, WX_MSG.codeInvalid]);
    const secret = await refusal(client({ appSecret: 'wrong-secret' }).identify(fake.code({ openid: 'oX1' })));
    expect([secret.errcode, secret.message]).toEqual([40125, WX_MSG.secretInvalid]);
    const appId = await refusal(client({ appId: 'wx-other' }).identify(fake.code({ openid: 'oX2' })));
    expect(appId.message).toBe(WX_MSG.appIdInvalid);
    for (const e of [used, bad, secret, appId]) expect(e.message).not.toContain(fake.appSecret);
  });

  it('still signs on without a nickname when sns/userinfo refuses', async () => {
    fake.userinfoErrcode = 48001;
    try {
      expect(await client().identify(fake.code({ openid: 'oNoProfile01', nickname: '李四' }))).toEqual({
        openid: 'oNoProfile01',
        unionid: null,
        nickname: null,
      });
    } finally {
      fake.userinfoErrcode = null;
    }
  });

  it('gives up on a WeChat that does not answer, or is not there, with 无法连接微信服务', async () => {
    const hung = await refusal(client({ apiBase: silentBase, timeoutMs: 200 }).identify('c1'));
    expect(hung.message).toBe(WX_MSG.unreachable);
    const gone = await refusal(client({ apiBase: 'http://127.0.0.1:1' }).identify('c1'));
    expect(gone.message).toBe(WX_MSG.unreachable);
  });
});
