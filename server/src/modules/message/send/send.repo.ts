import { sql, type ColumnType, type Insertable, type SqlBool } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { MsgSendTable } from '../../../db/schema-message.js';
import { scopedTable, scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { paginate, type FieldWhitelist } from '../../../platform/http/paging.js';

/** A send belongs to the org of its sender: data scope like any org-owned record (resource 'message'). */
export const SEND_TABLE = scopedTable({
  resource: 'message',
  table: 'msg_send',
  alias: 's',
  deptColumn: 'dept_id',
  ownerColumn: 'create_user',
  where: 'is_deleted = 0',
});

const SEND_FIELDS: FieldWhitelist = {
  createTime: { column: 's.createTime', kind: 'date', sortable: true },
  title: { column: 's.title', kind: 'text', sortable: true },
};
const RECIPIENT_FIELDS: FieldWhitelist = {
  name: { column: 'r.name', kind: 'text', sortable: true },
  status: { column: 'r.status', kind: 'smallint', sortable: true },
  isRead: { column: 'r.isRead', kind: 'smallint', sortable: true },
};

/** Counts of a send's recipients by state, read with the send (one grouped subquery, no N+1). */
const countsOf = sql<string>`(select json_build_object(
    'total', count(*),
    'sent', count(*) filter (where r.status = 1),
    'failed', count(*) filter (where r.status = 2),
    'pending', count(*) filter (where r.status = 0),
    'read', count(*) filter (where r.is_read = 1)
  )::text from msg_recipient r where r.send_id = s.id)`;

export interface SendCounts {
  total: number;
  sent: number;
  failed: number;
  pending: number;
  read: number;
}

/** A send as read, with its department name and its recipients' counts (JSON text). */
export type SendRow = MsgSendRow & { deptName: string | null; counts: string };
type MsgSendRow = { [K in keyof MsgSendTable]: MsgSendTable[K] extends ColumnType<infer S, any, any> ? S : MsgSendTable[K] };

export interface NewRecipient {
  userId: string | null;
  name: string;
  deptId: string | null;
  tagType: string;
  mobileEnc: string | null;
  mobileHash: string | null;
  email: string | null;
}

export interface SendFilter {
  sendCode?: string;
  channel?: string;
  status?: string;
  startDate?: string;
  endDate?: string;
  title?: string;
  ids?: string[];
  operatorId?: string;
  orgId?: string;
}

/** The state of a whole send, computed in SQL from its recipients (for the status filter). */
const statusExpr = sql<string>`(case
    when s.not_before > now() and not exists (select 1 from msg_recipient r where r.send_id = s.id and r.status <> 0) then 'queued'
    when exists (select 1 from msg_recipient r where r.send_id = s.id and r.status = 0) then 'sending'
    when not exists (select 1 from msg_recipient r where r.send_id = s.id and r.status = 2) then 'done'
    when exists (select 1 from msg_recipient r where r.send_id = s.id and r.status = 1) then 'partial'
    else 'failed' end)`;

export const sendRepo = {
  async insertSend(tx: Db, row: Insertable<MsgSendTable>): Promise<string> {
    const { id } = await tx.insertInto('msgSend').values(row).returning('id').executeTakeFirstOrThrow();
    return String(id);
  },

  /**
   * Inserts a send's recipients, ten thousand in one statement: the columns travel as arrays (unnest), not
   * as a parameter per value. Answers each new row's id with its account.
   */
  async insertRecipients(
    tx: Db,
    send: { tenantId: string; sendId: string; status: number; rows: NewRecipient[] },
  ): Promise<Array<{ id: string; userId: string | null }>> {
    const out: Array<{ id: string; userId: string | null }> = [];
    for (let i = 0; i < send.rows.length; i += 20_000) {
      const rows = send.rows.slice(i, i + 20_000);
      const col = <K extends keyof NewRecipient>(k: K) => rows.map((r) => r[k]);
      const { rows: got } = await sql<{ id: string; userId: string | null }>`
        insert into msg_recipient (tenant_id, send_id, status, sent_time, user_id, name, dept_id, tag_type, mobile_enc, mobile_hash, email)
        select ${send.tenantId}, ${send.sendId}::bigint, ${send.status}::smallint, case when ${send.status}::smallint = 1 then now() end,
               u.user_id, u.name, u.dept_id, u.tag_type, u.mobile_enc, u.mobile_hash, u.email
          from unnest(${col('userId')}::bigint[], ${col('name')}::text[], ${col('deptId')}::bigint[], ${col('tagType')}::text[],
                      ${col('mobileEnc')}::text[], ${col('mobileHash')}::text[], ${col('email')}::text[])
               as u(user_id, name, dept_id, tag_type, mobile_enc, mobile_hash, email)
        returning id, user_id`.execute(tx);
      out.push(...got.map((r) => ({ id: String(r.id), userId: r.userId == null ? null : String(r.userId) })));
    }
    return out;
  },

  async page(db: Db, scope: DataScope, query: PageQuery, f: SendFilter) {
    let base = db
      .selectFrom('msgSend as s')
      .leftJoin('bladeDept as d', 'd.id', 's.deptId')
      .where('s.isDeleted', '=', 0)
      .where('s.tenantId', '=', scope.actor.tenantId)
      .where((eb) => scopePredicate(eb, scope, SEND_TABLE.columns));
    if (f.sendCode) base = base.where('s.sendCode', '=', f.sendCode);
    if (f.channel) base = base.where('s.channel', '=', f.channel as 'sys');
    if (f.startDate) base = base.where(sql<SqlBool>`s.create_time >= ${f.startDate}::date`);
    if (f.endDate) base = base.where(sql<SqlBool>`s.create_time < (${f.endDate}::date + 1)`);
    if (f.title) base = base.where('s.title', 'like', `%${f.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    if (f.status) base = base.where(sql<SqlBool>`${statusExpr} = ${f.status}`);
    if (f.ids) base = base.where('s.id', 'in', f.ids.length ? f.ids : ['0']);
    if (f.operatorId) base = base.where('s.createUser', '=', f.operatorId);
    if (f.orgId) base = base.where('s.deptId', '=', f.orgId);
    return paginate(base, (qb) => qb.selectAll('s').select(['d.deptName', countsOf.as('counts')]), query, SEND_FIELDS, [
      ['s.createTime', 'desc'],
      ['s.id', 'desc'],
    ]);
  },

  async findInScope(db: Db, scope: DataScope, id: string, channel?: string): Promise<SendRow | undefined> {
    const rows = await db
      .selectFrom('msgSend as s')
      .leftJoin('bladeDept as d', 'd.id', 's.deptId')
      .where('s.id', '=', id)
      .where('s.isDeleted', '=', 0)
      .where('s.tenantId', '=', scope.actor.tenantId)
      .where((eb) => scopePredicate(eb, scope, SEND_TABLE.columns))
      .$if(Boolean(channel), (q) => q.where('s.channel', '=', channel as 'sys'))
      .selectAll('s')
      .select(['d.deptName', countsOf.as('counts')])
      .executeTakeFirst();
    return rows as SendRow | undefined;
  },

  async recipients(db: Db, sendId: string, query: PageQuery, f: { status?: number; isRead?: number; name?: string }) {
    let base = db.selectFrom('msgRecipient as r').leftJoin('bladeDept as d', 'd.id', 'r.deptId').where('r.sendId', '=', sendId);
    if (f.status !== undefined) base = base.where('r.status', '=', f.status);
    if (f.isRead !== undefined) base = base.where('r.isRead', '=', f.isRead);
    if (f.name) base = base.where('r.name', 'like', `%${f.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    return paginate(base, (qb) => qb.selectAll('r').select('d.deptName'), query, RECIPIENT_FIELDS, [['r.id', 'asc']]);
  },

  /** The accounts of a notice that have not read it (a reminder goes to exactly them). */
  async unreadUserIds(db: Db, sendId: string): Promise<string[]> {
    const rows = await db
      .selectFrom('msgRecipient')
      .select('userId')
      .where('sendId', '=', sendId)
      .where('isRead', '=', 0)
      .where('userId', 'is not', null)
      .execute();
    return rows.map((r) => String(r.userId));
  },

  async markReminded(tx: Db, sendId: string, userIds: string[]): Promise<void> {
    for (let i = 0; i < userIds.length; i += 1000) {
      await tx
        .updateTable('msgRecipient')
        .set((eb) => ({ remindCount: eb('remindCount', '+', 1) }))
        .where('sendId', '=', sendId)
        .where('userId', 'in', userIds.slice(i, i + 1000))
        .execute();
    }
  },

  /**
   * Failed recipients back to 待发送, atomically: a second resend while the first is still pending finds
   * none, and a recipient already reached is never touched.
   */
  async requeueFailed(tx: Db, sendId: string): Promise<string[]> {
    const rows = await tx
      .updateTable('msgRecipient')
      .set({ status: 0, failReason: null })
      .where('sendId', '=', sendId)
      .where('status', '=', 2)
      .returning('id')
      .execute();
    return rows.map((r) => String(r.id));
  },

  /** Whether a send the scope covers carries this file link. */
  async linkInScope(db: Db, scope: DataScope, link: string): Promise<boolean> {
    const row = await db
      .selectFrom('msgSend as s')
      .select('s.id')
      .where('s.isDeleted', '=', 0)
      .where('s.tenantId', '=', scope.actor.tenantId)
      .where((eb) => scopePredicate(eb, scope, SEND_TABLE.columns))
      .where(sql<SqlBool>`s.attachments @> ${JSON.stringify([{ link }])}::jsonb`)
      .executeTakeFirst();
    return Boolean(row);
  },

  /** What a delivery job needs: the recipient and its send. */
  async forDelivery(db: Db, recipientIds: string[]) {
    if (!recipientIds.length) return [];
    return db
      .selectFrom('msgRecipient as r')
      .innerJoin('msgSend as s', 's.id', 'r.sendId')
      .where('r.id', 'in', recipientIds)
      .select([
        'r.id',
        'r.tenantId',
        'r.name',
        'r.mobileEnc',
        'r.email',
        'r.status',
        's.id as sendId',
        's.channel',
        's.title',
        's.content',
        's.signName',
        's.attachments',
        's.deptId',
        's.createUserName',
      ])
      .execute();
  },

  async settle(tx: Db, recipientId: string, outcome: { status: 'sent' | 'failed' | 'retry'; error?: string }): Promise<void> {
    if (outcome.status === 'retry') {
      await tx
        .updateTable('msgRecipient')
        .set((eb) => ({ attempts: eb('attempts', '+', 1), failReason: outcome.error?.slice(0, 500) ?? null }))
        .where('id', '=', recipientId)
        .execute();
      return;
    }
    await tx
      .updateTable('msgRecipient')
      .set((eb) => ({
        status: outcome.status === 'sent' ? 1 : 2,
        sentTime: outcome.status === 'sent' ? sql<Date>`now()` : null,
        failReason: outcome.status === 'failed' ? (outcome.error?.slice(0, 500) ?? '发送失败') : null,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', recipientId)
      .execute();
  },
};
