import { createHmac, randomUUID } from 'node:crypto';
import { ID_RE } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { AppConfig } from '../config/config.js';
import { PermanentDeliveryError } from '../outbox/outbox.js';
import { smsSegments } from './content.js';
import { deliveryRepo } from './delivery.repo.js';

export interface SmsMessage {
  tenantId: string;
  /** The sending org (its data scope decides who sees the message on 短信发件箱); null for platform messages. */
  deptId?: string | null;
  mobile: string;
  /** The signature 【…】; '' takes SMS_SIGN_NAME. */
  signName: string;
  /** The gateway template; default SMS_TEMPLATE_CODE. */
  templateCode?: string;
  /** The template's variables; default { content } (the default template has one variable, ${content}). */
  params?: Record<string, string>;
  /** The text as the recipient reads it (without the signature). */
  content: string;
  /** The outbox job id: the gateway's OutId, so a repeated job is recognisable in its reports. */
  outId: string;
}

/** An SMS gateway (issue "Delivery, for real": SMS_PROVIDER chooses one). */
export interface SmsSender {
  /** true: the message is written to this database (deliver it inside the job's transaction). */
  readonly local: boolean;
  readonly provider: AppConfig['smsProvider'];
  /** Sends one message; throws to fail (PermanentDeliveryError when retrying cannot help). */
  send(sms: SmsMessage, tx: Db): Promise<void>;
  /** Many at once, in the caller's transaction (local senders only). */
  sendBatch?(list: SmsMessage[], tx: Db): Promise<void>;
}

const jobIdOf = (outId: string) => {
  if (!ID_RE.test(outId)) throw new Error(`SMS outId must be the outbox job id, got ${outId}`);
  return outId;
};

/**
 * The default provider (SMS_PROVIDER=outbox): nothing leaves the server; every message is written to
 * sms_outbox and shown on 短信发件箱, so the product works without a gateway account and a newcomer sees
 * what would have been sent.
 */
export class OutboxSmsSender implements SmsSender {
  readonly local = true;
  readonly provider = 'outbox' as const;

  constructor(private readonly defaults: { signName: string; templateCode: string }) {}

  send(sms: SmsMessage, tx: Db): Promise<void> {
    return this.sendBatch([sms], tx);
  }

  async sendBatch(list: SmsMessage[], tx: Db): Promise<void> {
    await deliveryRepo.insertSms(
      tx,
      list.map((sms) => {
        const signName = sms.signName || this.defaults.signName;
        return {
          tenantId: sms.tenantId,
          jobId: jobIdOf(sms.outId),
          deptId: sms.deptId ?? null,
          mobile: sms.mobile,
          signName,
          templateCode: sms.templateCode || this.defaults.templateCode || null,
          content: sms.content,
          segments: smsSegments(sms.content, signName).segments,
        };
      }),
    );
  }
}

/** The gateway's answers that no retry can change: the number, signature, template or text is refused. */
const PERMANENT_CODES = new Set([
  'isv.MOBILE_NUMBER_ILLEGAL',
  'isv.MOBILE_COUNT_OVER_LIMIT',
  'isv.DOMESTIC_NUMBER_NOT_SUPPORTED',
  'isv.SMS_SIGNATURE_ILLEGAL',
  'isv.SMS_SIGN_ILLEGAL',
  'isv.SIGN_STATE_ILLEGAL',
  'isv.SMS_SIGNATURE_SCENE_ILLEGAL',
  'isv.SMS_TEMPLATE_ILLEGAL',
  'isv.TEMPLATE_MISSING_PARAMETERS',
  'isv.TEMPLATE_PARAMS_ILLEGAL',
  'isv.INVALID_PARAMETERS',
  'isv.INVALID_JSON_PARAM',
  'isv.PARAM_LENGTH_LIMIT',
  'isv.SMS_CONTENT_ILLEGAL',
  'isv.BLACK_KEY_CONTROL_LIMIT',
]);

/** RFC 3986 percent-encoding as Alibaba Cloud's RPC signature wants it (space %20, * %2A, ~ kept). */
export function aliyunEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * Alibaba Cloud RPC signature v1.0 (HMAC-SHA1): the parameters sorted by name, each name and value
 * percent-encoded and joined as a query string; the string to sign is METHOD&%2F&encode(that query);
 * the signature is base64(HMAC-SHA1(secret + '&', string to sign)).
 */
export function aliyunSignature(params: Record<string, string>, secret: string, method = 'POST'): string {
  const canonical = canonicalQuery(params);
  const toSign = `${method}&${aliyunEncode('/')}&${aliyunEncode(canonical)}`;
  return createHmac('sha1', `${secret}&`).update(toSign, 'utf8').digest('base64');
}

const canonicalQuery = (params: Record<string, string>) =>
  Object.keys(params)
    .sort()
    .map((k) => `${aliyunEncode(k)}=${aliyunEncode(params[k])}`)
    .join('&');

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint: string;
  timeoutMs?: number;
}

/**
 * Aliyun SMS (SMS_PROVIDER=aliyun) through its documented HTTP RPC API: Dysmsapi 2017-05-25 SendSms,
 * POSTed as a signed form (the phone number stays out of URLs and access logs). Answer Code 'OK' is
 * sent; a refused number, signature, template or text fails at once; throttling, quota and transport
 * errors are retried by the outbox.
 */
export class AliyunSmsSender implements SmsSender {
  readonly local = false;
  readonly provider = 'aliyun' as const;

  constructor(private readonly opts: AliyunSmsOptions) {}

  async send(sms: SmsMessage): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.opts.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      RegionId: 'cn-hangzhou',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
      PhoneNumbers: sms.mobile,
      SignName: sms.signName || this.opts.signName,
      TemplateCode: sms.templateCode || this.opts.templateCode,
      TemplateParam: JSON.stringify(sms.params ?? { content: sms.content }),
      OutId: sms.outId,
    };
    const body = `${canonicalQuery(params)}&Signature=${aliyunEncode(aliyunSignature(params, this.opts.accessKeySecret))}`;
    let res: Response;
    try {
      res = await fetch(new URL('/', this.opts.endpoint), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 10_000),
      });
    } catch (err) {
      throw new Error(`短信网关连接失败: ${(err as Error).message}`, { cause: err });
    }
    const text = await res.text().catch(() => '');
    let answer: { Code?: string; Message?: string } = {};
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      throw new Error(`短信网关应答无法识别 (HTTP ${res.status})`);
    }
    if (answer.Code === 'OK') return;
    const reason = `短信网关拒绝发送: ${answer.Message || '未说明原因'} (${answer.Code ?? `HTTP ${res.status}`})`;
    if (answer.Code && PERMANENT_CODES.has(answer.Code)) throw new PermanentDeliveryError(reason);
    throw new Error(reason);
  }
}

/** The configured gateway (SMS_PROVIDER). */
export function createSmsSender(config: AppConfig): SmsSender {
  if (config.smsProvider === 'aliyun') {
    return new AliyunSmsSender({
      accessKeyId: config.smsAccessKeyId,
      accessKeySecret: config.smsAccessKeySecret,
      signName: config.smsSignName,
      templateCode: config.smsTemplateCode,
      endpoint: config.smsEndpoint,
    });
  }
  return new OutboxSmsSender({ signName: config.smsSignName, templateCode: config.smsTemplateCode });
}
