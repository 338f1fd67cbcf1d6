import type { Db } from '../../db/connection.js';
import type { MsgAttachment } from '../../db/schema-message.js';
import type { DeliveryJob, MessagePorts } from './message.ports.js';
import { sendRepo } from './send/send.repo.js';
import { JOB_KIND } from './send/send.service.js';
import { CODE_JOB_KIND } from './sms/sms.service.js';

type Outcome = { status: 'sent' | 'failed' | 'retry'; error?: string };
export interface DeliveryHandler {
  deliver(job: DeliveryJob, tx: Db): Promise<void>;
  settled?(job: DeliveryJob, outcome: Outcome, tx: Db): Promise<void>;
}

/** A job whose recipient row is gone or already settled is done without sending again. */
class AlreadySettled extends Error {}

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
  const recipientOf = async (job: DeliveryJob, tx: Db) => {
    const [row] = await sendRepo.forDelivery(tx, [String(job.refId)]);
    if (!row || row.status === 1) throw new AlreadySettled();
    return row;
  };
  const settled = async (job: DeliveryJob, outcome: Outcome, tx: Db) => {
    if (job.refId) await sendRepo.settle(tx, String(job.refId), outcome);
  };

  return {
    [JOB_KIND.sms]: {
      async deliver(job, tx) {
        let row;
        try {
          row = await recipientOf(job, tx);
        } catch (err) {
          if (err instanceof AlreadySettled) return;
          throw err;
        }
        const cipher = await ports.cipher();
        if (!row.mobileEnc) throw new Error('接收人没有手机号码');
        await ports.sms.send(
          {
            tenantId: row.tenantId,
            deptId: String(row.deptId),
            mobile: cipher.decrypt(row.mobileEnc),
            signName: row.signName ?? ports.smsDefaults.signName,
            content: row.content,
            outId: job.id,
          },
          tx,
        );
      },
      settled,
    },
    [JOB_KIND.email]: {
      async deliver(job, tx) {
        let row;
        try {
          row = await recipientOf(job, tx);
        } catch (err) {
          if (err instanceof AlreadySettled) return;
          throw err;
        }
        if (!row.email) throw new Error('接收人没有邮箱');
        const attachments = (typeof row.attachments === 'string' ? JSON.parse(row.attachments) : row.attachments) as MsgAttachment[];
        const files = [];
        for (const a of attachments) if (a.storageKey) files.push({ filename: a.name, content: await readBytes(ports, a.storageKey) });
        await ports.mail.send(
          {
            tenantId: row.tenantId,
            deptId: String(row.deptId),
            to: row.email,
            subject: row.title ?? '',
            html: row.content,
            attachments: files,
            messageId: job.id,
          },
          tx,
        );
      },
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
