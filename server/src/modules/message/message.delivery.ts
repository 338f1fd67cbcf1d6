import type { Db } from '../../db/connection.js';
import type { MsgAttachment } from '../../db/schema-message.js';
import type { DeliveryJob, MessagePorts } from './message.ports.js';
import { sendRepo } from './send/send.repo.js';
import { JOB_KIND } from './send/send.service.js';
import { CODE_JOB_KIND } from './sms/sms.service.js';

type Outcome = { status: 'sent' | 'failed' | 'retry'; error?: string };
export interface DeliveryHandler {
  deliver(job: DeliveryJob, tx: Db): Promise<void>;
  deliverBatch?(jobs: DeliveryJob[], tx: Db): Promise<void>;
  settled?(job: DeliveryJob, outcome: Outcome, tx: Db): Promise<void>;
}

async function readBytes(ports: MessagePorts, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of ports.files.get(key)) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

/**
 * The message centre's outbox handlers: each delivers one recipient's SMS or e-mail through the
 * configured sender and settles the recipient's row (已发送 / 失败 + reason) in the transaction that
 * finishes the job, so the row and the job never disagree.
 */
export function messageDelivery(ports: MessagePorts): Record<string, DeliveryHandler> {
  /** The jobs' recipients still to deliver (a row already 已发送 is never sent again), in the jobs' order. */
  const pending = async (jobs: DeliveryJob[], tx: Db) => {
    const rows = await sendRepo.forDelivery(
      tx,
      jobs.map((j) => String(j.refId)),
    );
    const byId = new Map(rows.map((r) => [String(r.id), r]));
    return jobs.flatMap((job) => {
      const row = byId.get(String(job.refId));
      return row && row.status !== 1 ? [{ job, row }] : [];
    });
  };
  type Pending = Awaited<ReturnType<typeof pending>>[number];
  const settled = async (job: DeliveryJob, outcome: Outcome, tx: Db) => {
    if (job.refId) await sendRepo.settle(tx, String(job.refId), outcome);
  };

  const smsOf = async ({ job, row }: Pending) => {
    if (!row.mobileEnc) throw new Error('接收人没有手机号码');
    const cipher = await ports.cipher();
    return {
      tenantId: row.tenantId,
      deptId: String(row.deptId),
      mobile: cipher.decrypt(row.mobileEnc),
      signName: row.signName ?? ports.smsDefaults.signName,
      content: row.content,
      outId: job.id,
    };
  };
  const mailOf = async ({ job, row }: Pending) => {
    if (!row.email) throw new Error('接收人没有邮箱');
    const attachments = (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) as MsgAttachment[];
    const files = [];
    for (const a of attachments) if (a.storageKey) files.push({ filename: a.name, content: await readBytes(ports, a.storageKey), attachId: a.attachId });
    return {
      tenantId: row.tenantId,
      deptId: String(row.deptId),
      to: row.email,
      subject: row.title ?? '',
      html: row.content,
      attachments: files,
      messageId: job.id,
    };
  };

  return {
    [JOB_KIND.sms]: {
      async deliver(job, tx) {
        for (const p of await pending([job], tx)) await ports.sms.send(await smsOf(p), tx);
      },
      // A local sender (the SMS outbox) takes a claimed batch in one statement: 10,000 recipients in seconds.
      ...(ports.sms.sendBatch
        ? {
            async deliverBatch(jobs: DeliveryJob[], tx: Db) {
              const list = await Promise.all((await pending(jobs, tx)).map(smsOf));
              if (list.length) await ports.sms.sendBatch!(list, tx);
            },
          }
        : {}),
      settled,
    },
    [JOB_KIND.email]: {
      async deliver(job, tx) {
        for (const p of await pending([job], tx)) await ports.mail.send(await mailOf(p), tx);
      },
      ...(ports.mail.sendBatch
        ? {
            async deliverBatch(jobs: DeliveryJob[], tx: Db) {
              const list = [];
              for (const p of await pending(jobs, tx)) list.push(await mailOf(p));
              if (list.length) await ports.mail.sendBatch!(list, tx);
            },
          }
        : {}),
      settled,
    },
    [CODE_JOB_KIND]: {
      async deliver(job, tx) {
        const p = job.payload as { mobile: string; code: string; minutes: number };
        const cipher = await ports.cipher();
        const code = cipher.decrypt(p.code);
        await ports.sms.send(
          {
            tenantId: job.tenantId,
            mobile: cipher.decrypt(p.mobile),
            signName: ports.smsDefaults.signName,
            // A gateway sends codes with a template of their own (SMS_CODE_TEMPLATE_CODE, variable ${code}).
            ...(ports.smsDefaults.codeTemplateCode ? { templateCode: ports.smsDefaults.codeTemplateCode } : {}),
            params: { code },
            content: `您的验证码为${code},${p.minutes}分钟内有效,请勿泄露给他人。`,
            outId: job.id,
          },
          tx,
        );
      },
    },
  };
}
