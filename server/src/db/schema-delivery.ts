import type { ColumnType, Generated } from 'kysely';
import type { Id, Time } from './schema.js';

/** The durable outbox and what the outbox providers delivered (migration 0023). */
export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface OutboxJobTable {
  id: Generated<string>;
  tenantId: string;
  kind: string;
  refId: ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
  payload: ColumnType<unknown, string, string>;
  status: Defaulted<OutboxStatus>;
  attempts: Defaulted<number>;
  maxAttempts: Defaulted<number>;
  nextAttemptAt: Time;
  lockedBy: Nullable<string>;
  lockedUntil: Nullable<Date>;
  lastError: Nullable<string>;
  createdAt: Time;
  sentAt: Nullable<Date>;
}

export interface SmsOutboxTable {
  id: Generated<string>;
  tenantId: string;
  jobId: Id;
  /** The sending org (null: a platform message such as a sign-on code). */
  deptId: ColumnType<string | null, string | null | undefined, string | null>;
  mobile: string;
  signName: string;
  templateCode: Nullable<string>;
  content: string;
  segments: Defaulted<number>;
  createdAt: Time;
}

export interface MailOutboxTable {
  id: Generated<string>;
  tenantId: string;
  jobId: Id;
  deptId: ColumnType<string | null, string | null | undefined, string | null>;
  fromAddr: string;
  toAddr: string;
  subject: string;
  html: string;
  /** [{ name, attachId, size }] */
  attachments: ColumnType<Array<{ name: string; attachId: string | null; size: number }>, string | undefined, string>;
  createdAt: Time;
}

export interface DeliveryDatabase {
  outboxJob: OutboxJobTable;
  smsOutbox: SmsOutboxTable;
  mailOutbox: MailOutboxTable;
}
