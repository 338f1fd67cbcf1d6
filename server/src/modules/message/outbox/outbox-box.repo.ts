import { sql, type ExpressionBuilder } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../../platform/http/paging.js';

/** The data-scope resources of the two screens (blade_scope_data.resource_code), named as their menus. */
export const SMS_OUTBOX_RESOURCE = 'sms_outbox';
export const MAIL_OUTBOX_RESOURCE = 'mail_outbox';

export const SMS_OUTBOX_FIELDS: FieldWhitelist = {
  mobile: { column: 'o.mobile', kind: 'text' },
  content: { column: 'o.content', kind: 'text' },
  signName: { column: 'o.signName', kind: 'text' },
  createTime: { column: 'o.createdAt', kind: 'date' },
};

export const MAIL_OUTBOX_FIELDS: FieldWhitelist = {
  to: { column: 'o.toAddr', kind: 'text' },
  subject: { column: 'o.subject', kind: 'text' },
  fromAddr: { column: 'o.fromAddr', kind: 'text' },
  createTime: { column: 'o.createdAt', kind: 'date' },
};

/** From startDate (inclusive) to endDate (inclusive), as days in the session's zone (TIME_ZONE). */
export interface DayRange {
  startDate?: string;
  endDate?: string;
}

const ORDER: Array<[string, 'asc' | 'desc']> = [
  ['o.createdAt', 'desc'],
  ['o.id', 'desc'],
];

/**
 * The outbox tables of the actor's tenant, within his data scope by the sending org (o.dept_id). A
 * message without an org (a sign-on code) is visible only to a scope that sees everything.
 */
function where(scope: DataScope, filters: Record<string, unknown>, whitelist: FieldWhitelist, days: DayRange) {
  return (eb: ExpressionBuilder<any, any>) =>
    eb.and([
      eb('o.tenantId', '=', scope.actor.tenantId),
      scopePredicate(eb, scope, { dept: 'o.deptId' }),
      ...filterExpressions(eb, filters, whitelist),
      ...(days.startDate ? [eb('o.createdAt', '>=', sql`${days.startDate}::date::timestamptz`)] : []),
      ...(days.endDate ? [eb('o.createdAt', '<', sql`(${days.endDate}::date + 1)::timestamptz`)] : []),
    ]);
}

export const outboxBoxRepo = {
  smsPage(db: Db, scope: DataScope, page: PageQuery, filters: Record<string, unknown>, days: DayRange) {
    const base = db
      .selectFrom('smsOutbox as o')
      .leftJoin('bladeDept as d', 'd.id', 'o.deptId')
      .where(where(scope, filters, SMS_OUTBOX_FIELDS, days));
    return paginate(
      base,
      (qb) => qb.select(['o.id', 'o.jobId', 'o.deptId', 'd.deptName', 'o.mobile', 'o.signName', 'o.templateCode', 'o.content', 'o.segments', 'o.createdAt']),
      page,
      SMS_OUTBOX_FIELDS,
      ORDER,
    );
  },

  mailPage(db: Db, scope: DataScope, page: PageQuery, filters: Record<string, unknown>, days: DayRange) {
    const base = db
      .selectFrom('mailOutbox as o')
      .leftJoin('bladeDept as d', 'd.id', 'o.deptId')
      .where(where(scope, filters, MAIL_OUTBOX_FIELDS, days));
    return paginate(
      base,
      (qb) =>
        qb.select([
          'o.id',
          'o.jobId',
          'o.deptId',
          'd.deptName',
          'o.fromAddr',
          'o.toAddr',
          'o.subject',
          sql<number>`jsonb_array_length(o.attachments)`.as('attachmentCount'),
          'o.createdAt',
        ]),
      page,
      MAIL_OUTBOX_FIELDS,
      ORDER,
    );
  },

  findMail(db: Db, scope: DataScope, id: string) {
    return db
      .selectFrom('mailOutbox as o')
      .leftJoin('bladeDept as d', 'd.id', 'o.deptId')
      .select(['o.id', 'o.jobId', 'o.deptId', 'd.deptName', 'o.fromAddr', 'o.toAddr', 'o.subject', 'o.html', 'o.attachments', 'o.createdAt'])
      .where(where(scope, {}, MAIL_OUTBOX_FIELDS, {}))
      .where('o.id', '=', id)
      .executeTakeFirst();
  },
};
