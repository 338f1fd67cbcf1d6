import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { loadConfig } from '../config/config.js';
import { Outbox, PermanentDeliveryError } from '../outbox/outbox.js';
import { DELIVERY_SMS, smsJobHandler } from './handlers.js';
import { AliyunSmsSender, createSmsSender, OutboxSmsSender } from './sms.js';

const KEY_ID = 'test-key-id';
const KEY_SECRET = 'test-key-secret-for-the-fake';

/**
 * A local stand-in for Dysmsapi: it checks the request as Alibaba Cloud does — the RPC signature v1.0
 * recomputed here on its own from the form it received — and answers by number: OK, an invalid number,
 * throttling.
 */
const requests: Array<Record<string, string>> = [];
const fake = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (c: string) => (body += c));
  req.on('end', () => {
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push(form);
    const answer = (o: object) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ RequestId: 'F655A8D5-B967-440B-8683-DAD6FF8DE990', ...o }));
    };
    const { Signature, ...signed } = form;
    // Percent-encoding per RFC 3986: what encodeURIComponent leaves alone besides the unreserved set is escaped too.
    const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
    const query = Object.keys(signed)
      .sort()
      .map((k) => `${enc(k)}=${enc(signed[k])}`)
      .join('&');
    const expected = createHmac('sha1', `${KEY_SECRET}&`)
      .update(`${req.method}&${enc('/')}&${enc(query)}`)
      .digest('base64');
    if (form.AccessKeyId !== KEY_ID) return answer({ Code: 'InvalidAccessKeyId.NotFound', Message: 'Specified access key is not found.' });
    if (Signature !== expected) return answer({ Code: 'SignatureDoesNotMatch', Message: 'Specified signature is not matched with our calculation.' });
    if (form.Action !== 'SendSms' || form.Version !== '2017-05-25' || form.SignatureMethod !== 'HMAC-SHA1' || form.SignatureVersion !== '1.0')
      return answer({ Code: 'isv.INVALID_PARAMETERS', Message: '参数异常' });
    if (form.PhoneNumbers === '10000000000') return answer({ Code: 'isv.MOBILE_NUMBER_ILLEGAL', Message: '非法手机号' });
    if (form.PhoneNumbers === '13900000000') return answer({ Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发号码天级流控Permits:40' });
    answer({ Code: 'OK', Message: 'OK', BizId: '900619746936498440^0' });
  });
});
let endpoint = '';
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake.close(resolve));
});

const aliyun = (secret = KEY_SECRET) =>
  new AliyunSmsSender({ accessKeyId: KEY_ID, accessKeySecret: secret, signName: '江苏省工商联', templateCode: 'SMS_100001', endpoint });
const sms = (mobile: string, extra: object = {}) => ({ tenantId: '000001', mobile, signName: '', content: '明天上午九点召开会长会议', outId: '123', ...extra });

describe('AliyunSmsSender against a local fake of Dysmsapi', () => {
  it('sends a signed SendSms with the number, signature, template, parameters and OutId; OK is sent', async () => {
    await aliyun().send(sms('13800000000'));
    const req = requests.at(-1)!;
    expect(req).toMatchObject({
      PhoneNumbers: '13800000000',
      SignName: '江苏省工商联',
      TemplateCode: 'SMS_100001',
      OutId: '123',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
    });
    expect(JSON.parse(req.TemplateParam)).toEqual({ content: '明天上午九点召开会长会议' });
    expect(req.Timestamp).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // A message's own signature, template and variables win over the defaults.
    await aliyun().send(sms('13800000000', { signName: '南京市工商联', templateCode: 'SMS_200002', params: { name: '张三', time: '9:00' } }));
    expect(requests.at(-1)).toMatchObject({ SignName: '南京市工商联', TemplateCode: 'SMS_200002', TemplateParam: '{"name":"张三","time":"9:00"}' });
  });

  it('an invalid number fails for good; throttling is retried; a wrong secret is caught by the signature check', async () => {
    const invalid = await aliyun()
      .send(sms('10000000000'))
      .catch((e) => e);
    expect(invalid).toBeInstanceOf(PermanentDeliveryError);
    expect(invalid.message).toBe('短信网关拒绝发送: 非法手机号 (isv.MOBILE_NUMBER_ILLEGAL)');

    const throttled = await aliyun()
      .send(sms('13900000000'))
      .catch((e) => e);
    expect(throttled).not.toBeInstanceOf(PermanentDeliveryError);
    expect(throttled.message).toContain('isv.BUSINESS_LIMIT_CONTROL');

    const forged = await aliyun('not-the-secret')
      .send(sms('13800000000'))
      .catch((e) => e);
    expect(forged.message).toContain('SignatureDoesNotMatch');
  });

  it('an unreachable gateway is a retryable failure with a Chinese reason', async () => {
    const down = new AliyunSmsSender({ accessKeyId: KEY_ID, accessKeySecret: KEY_SECRET, signName: 's', templateCode: 't', endpoint: 'http://127.0.0.1:1' });
    const err = await down.send(sms('13800000000')).catch((e) => e);
    expect(err).not.toBeInstanceOf(PermanentDeliveryError);
    expect(err.message).toMatch(/^短信网关连接失败/);
  });

  it('through the outbox: delivered jobs are sent, a refused number is failed with the gateway’s reason after one attempt', async () => {
    const outbox = new Outbox({ db: t.db });
    outbox.register(DELIVERY_SMS, smsJobHandler(aliyun()));
    const ids = await t.db.transaction().execute((tx) =>
      outbox.enqueue(tx, [
        { tenantId: '000001', kind: DELIVERY_SMS, payload: { mobile: '13800000001', content: '会议改到下午' } },
        { tenantId: '000001', kind: DELIVERY_SMS, payload: { mobile: '10000000000', content: '会议改到下午' } },
      ]),
    );
    await outbox.drainUntilIdle();
    const jobs = await t.db.selectFrom('outboxJob').selectAll().where('id', 'in', ids).orderBy('id').execute();
    expect(jobs.map((j) => [j.status, j.attempts, j.lastError])).toEqual([
      ['sent', 1, null],
      ['failed', 1, '短信网关拒绝发送: 非法手机号 (isv.MOBILE_NUMBER_ILLEGAL)'],
    ]);
    expect(requests.filter((r) => r.OutId === ids[0])).toHaveLength(1);
  });
});

describe('SMS_PROVIDER', () => {
  it('defaults to the outbox provider, which writes 短信发件箱 rows with their segment count', async () => {
    const sender = createSmsSender(loadConfig({}));
    expect(sender).toBeInstanceOf(OutboxSmsSender);
    expect(sender.local).toBe(true);
    const long = '会'.repeat(80);
    await t.db
      .transaction()
      .execute((tx) => sender.send({ tenantId: '000001', mobile: '13800000002', signName: '南京市工商联', content: long, outId: '555' }, tx));
    const row = await t.db.selectFrom('smsOutbox').selectAll().where('jobId', '=', '555').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ mobile: '13800000002', signName: '南京市工商联', content: long, segments: 2 });
  });

  it('aliyun needs its keys, signature and template; an unknown provider refuses to start', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow('SMS_ACCESS_KEY_ID, SMS_ACCESS_KEY_SECRET, SMS_SIGN_NAME, SMS_TEMPLATE_CODE');
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow('SMS_PROVIDER');
    expect(() => loadConfig({ SMS_ENDPOINT: 'ftp://x' })).toThrow('SMS_ENDPOINT');
    const cfg = loadConfig({
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'id',
      SMS_ACCESS_KEY_SECRET: 'secret',
      SMS_SIGN_NAME: '江苏省工商联',
      SMS_TEMPLATE_CODE: 'SMS_1',
      SMS_ENDPOINT: endpoint,
    });
    const sender = createSmsSender(cfg);
    expect(sender).toBeInstanceOf(AliyunSmsSender);
    expect(sender.local).toBe(false);
  });
});
