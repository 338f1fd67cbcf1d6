import type { ColumnType, Generated } from 'kysely';

/** The message centre: sends, recipients, codes, org SMS settings (migration 0025). */
type Id = ColumnType<string, string | number | bigint, string | number | bigint>;
type NullableId = ColumnType<string | null, string | number | bigint | null | undefined, string | number | bigint | null>;
type Time = ColumnType<Date, Date | string | undefined, Date | string>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Small = ColumnType<number, number | undefined, number>;
type Json<T> = ColumnType<T, string | undefined, string>;

export interface MsgRangeSpec {
  tagType: string;
  deptId: string | null;
  cocUnionId?: string | null;
}
export interface MsgAttachment {
  name: string;
  link: string;
  /** Where the bytes are (for e-mail delivery); never part of an answer. */
  storageKey?: string;
  /** The file's row id (邮件发件箱 links the attachment); never part of an answer. */
  attachId?: string;
}

export interface MsgSendTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  sendCode: string;
  channel: 'sys' | 'sms' | 'email';
  title: Opt<string>;
  content: string;
  urgent: ColumnType<boolean, boolean | undefined, boolean>;
  rangeSpec: Json<MsgRangeSpec[]>;
  attachments: Json<MsgAttachment[]>;
  signName: Opt<string>;
  segments: Opt<number>;
  notBefore: Opt<Date | string>;
  parentId: NullableId;
  recipientCount: Small;
  deptId: Id;
  createUser: NullableId;
  createUserName: Opt<string>;
  createTime: Time;
  isDeleted: Small;
}

export interface MsgRecipientTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  sendId: Id;
  userId: NullableId;
  name: string;
  deptId: NullableId;
  tagType: string;
  mobileEnc: Opt<string>;
  mobileHash: Opt<string>;
  email: Opt<string>;
  status: Small;
  failReason: Opt<string>;
  sentTime: Opt<Date | string>;
  attempts: Small;
  isRead: Small;
  readTime: Opt<Date | string>;
  remindCount: Small;
  receiverDeleted: Small;
  createTime: Time;
}

export interface MsgSmsCodeTable {
  id: Generated<string>;
  tenantId: ColumnType<string, string | undefined, string>;
  mobileHash: string;
  codeHash: string;
  userId: NullableId;
  tries: Small;
  state: Small;
  expiresAt: ColumnType<Date, Date | string, Date | string>;
  createTime: Time;
}

export interface MsgSmsSourceTable {
  deptId: Id;
  tenantId: ColumnType<string, string | undefined, string>;
  signName: Opt<string>;
  dailyQuota: Small;
  quietStart: Opt<string>;
  quietEnd: Opt<string>;
  updateUser: NullableId;
  updateTime: Time;
}

export interface MsgSmsUsageTable {
  deptId: Id;
  day: ColumnType<string, string, string>;
  used: Small;
}

export interface MessageDatabase {
  msgSend: MsgSendTable;
  msgRecipient: MsgRecipientTable;
  msgSmsCode: MsgSmsCodeTable;
  msgSmsSource: MsgSmsSourceTable;
  msgSmsUsage: MsgSmsUsageTable;
}
