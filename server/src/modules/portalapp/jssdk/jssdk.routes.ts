import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { JSSDK_PATH, jsSdkQuery, jsSdkRecord } from '@gsl/contract';
import { route } from '../../../platform/http/route.js';
import { jsSdkSignature } from '../../../platform/wechat/wechat.js';

/**
 * mem-service/mini/common/js-sdk/signature (specification §7): what a page opened inside WeChat passes to
 * wx.config — the app id, a timestamp, a random nonceStr and the SHA-1 signature over the jsapi_ticket (from the
 * platform's WeChat adapter, kept for its lifetime), the nonce, the timestamp and the page's url (without '#').
 * Without WECHAT_APP_ID / WECHAT_APP_SECRET it answers 400 with a message saying so.
 */
export function jsSdkRoutes(app: FastifyInstance) {
  route(app, {
    method: 'GET',
    url: JSSDK_PATH,
    summary: 'mini/common/js-sdk/signature: 微信 JS-SDK 签名 (url 当前页面地址 → appId, timestamp, nonceStr, signature)',
    tags: ['portal'],
    access: { permission: 'authenticated' },
    query: jsSdkQuery,
    response: jsSdkRecord,
    handler: async ({ query }) => {
      const ticket = await app.services.wechat.jsapiTicket();
      const timestamp = Math.floor(Date.now() / 1000);
      const nonceStr = randomBytes(8).toString('hex');
      const url = query.url.split('#')[0];
      return { appId: app.services.wechat.appId, timestamp, nonceStr, signature: jsSdkSignature(ticket, nonceStr, timestamp, url), url };
    },
  });
}
