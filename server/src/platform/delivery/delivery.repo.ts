import type { Db } from '../../db/connection.js';

export interface SmsOutboxRow {
  tenantId: string;
  jobId: string;
  deptId: string | null;
  mobile: string;
  signName: string;
  templateCode: string | null;
  content: string;
  segments: number;
}

export interface MailOutboxRow {
  tenantId: string;
  jobId: string;
  deptId: string | null;
  fromAddr: string;
  toAddr: string;
  subject: string;
  html: string;
  attachments: Array<{ name: string; attachId: string | null; size: number }>;
}

/** Rows per insert: a claimed batch (OUTBOX_BATCH) goes in one statement. */
const CHUNK = 1000;

/** What the outbox providers "sent". job_id is unique: a job can never appear twice. */
export const deliveryRepo = {
  async insertSms(tx: Db, rows: SmsOutboxRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK)
      await tx
        .insertInto('smsOutbox')
        .values(rows.slice(i, i + CHUNK))
        .execute();
  },

  async insertMail(tx: Db, rows: MailOutboxRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insertInto('mailOutbox')
        .values(rows.slice(i, i + CHUNK).map((r) => ({ ...r, attachments: JSON.stringify(r.attachments) })))
        .execute();
    }
  },
};
