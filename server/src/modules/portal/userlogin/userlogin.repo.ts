import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { scopePredicate, type DataScope } from '../../../platform/access/scope.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';

export const USERLOGIN_FIELDS = fieldsOn('l', {
  account: 'text',
  loginType: 'text',
  success: 'smallint',
  remoteIp: 'text',
  deptName: ['d.deptName', 'text'],
  createTime: 'date',
});

export const userloginRepo = {
  /** Login journal rows of the depts in scope, newest first. */
  page(db: Db, scope: DataScope, page: PageQuery, filters: Record<string, unknown>) {
    const base = db
      .selectFrom('bladeUserLoginLog as l')
      .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
      .leftJoin('bladeUser as u', 'u.id', 'l.userId')
      .where((eb) => eb.and([scopePredicate(eb, scope, { dept: 'l.deptId', owner: 'l.userId' }), ...filterExpressions(eb, filters, USERLOGIN_FIELDS)]));
    return paginate(
      base,
      (qb) =>
        qb.select(['l.id', 'l.account', 'u.realName', 'd.deptName', 'l.loginType', 'l.success', 'l.message', 'l.remoteIp', 'l.userAgent', 'l.createTime']),
      page,
      USERLOGIN_FIELDS,
      [
        ['l.createTime', 'desc'],
        ['l.id', 'desc'],
      ],
    );
  },
};
