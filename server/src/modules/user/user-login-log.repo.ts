import type { SelectQueryBuilder } from 'kysely';
import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../platform/http/paging.js';

export const LOGIN_LOG_FIELDS = fieldsOn('l', {
  account: 'text',
  realName: ['u.realName', 'text'],
  userId: 'id',
  loginType: 'text',
  success: 'smallint',
  remoteIp: 'text',
  deptName: ['d.deptName', 'text'],
  createTime: 'date',
});

/**
 * A page of the login journal inside the scope, newest first, with the account's org (d) and user (u)
 * joined: filtered by `fields`, answering the columns `select` names; `tenantId` keeps to one tenant's rows.
 */
export function loginJournalPage<Row>(
  db: Db,
  scope: DataScope,
  page: PageQuery,
  filters: Record<string, unknown>,
  opts: { fields: FieldWhitelist; select: (qb: SelectQueryBuilder<any, any, any>) => SelectQueryBuilder<any, any, Row>; tenantId?: string },
) {
  let base = db
    .selectFrom('bladeUserLoginLog as l')
    .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
    .leftJoin('bladeUser as u', 'u.id', 'l.userId')
    .where((eb) => eb.and([scopePredicate(eb, scope, { dept: 'l.deptId', owner: 'l.userId' }), ...filterExpressions(eb, filters, opts.fields)]));
  if (opts.tenantId !== undefined) base = base.where('l.tenantId', '=', opts.tenantId);
  return paginate(base, opts.select, page, opts.fields, [
    ['l.createTime', 'desc'],
    ['l.id', 'desc'],
  ]);
}

/** A sign-on row as the journals answer it: the log row with the account's name (u) and org (d) joined. */
export const selectLoginRow = (qb: SelectQueryBuilder<any, any, any>) =>
  qb.select([
    'l.id',
    'l.userId',
    'l.account',
    'u.realName',
    'l.deptId',
    'd.deptName',
    'l.loginType',
    'l.success',
    'l.message',
    'l.remoteIp',
    'l.userAgent',
    'l.createTime',
  ]);

/** The login journal of the accounts inside the user scope (userlogin list of 用户管理). */
export const userLoginLogRepo = {
  page(db: Db, scope: DataScope, page: PageQuery, filters: Record<string, unknown>) {
    return loginJournalPage(db, scope, page, filters, {
      fields: LOGIN_LOG_FIELDS,
      tenantId: scope.actor.tenantId,
      select: selectLoginRow,
    });
  },
};
