import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../platform/http/paging.js';

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

/** The login journal of the accounts inside the user scope (userlogin list of 用户管理). */
export const userLoginLogRepo = {
  page(db: Db, scope: DataScope, page: PageQuery, filters: Record<string, unknown>) {
    const base = db
      .selectFrom('bladeUserLoginLog as l')
      .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
      .leftJoin('bladeUser as u', 'u.id', 'l.userId')
      .where('l.tenantId', '=', scope.actor.tenantId)
      .where((eb) => eb.and([scopePredicate(eb, scope, { dept: 'l.deptId', owner: 'l.userId' }), ...filterExpressions(eb, filters, LOGIN_LOG_FIELDS)]));
    return paginate(
      base,
      (qb) =>
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
        ]),
      page,
      LOGIN_LOG_FIELDS,
      [
        ['l.createTime', 'desc'],
        ['l.id', 'desc'],
      ],
    );
  },
};
