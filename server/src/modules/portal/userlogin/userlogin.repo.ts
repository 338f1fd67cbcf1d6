import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { DataScope } from '../../../platform/access/scope.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { loginJournalPage } from '../../user/user-login-log.repo.js';

export const USERLOGIN_FIELDS = fieldsOn('l', {
  account: 'text',
  loginType: 'text',
  success: 'smallint',
  remoteIp: 'text',
  deptName: ['d.deptName', 'text'],
  createTime: 'date',
});

export const userloginRepo = {
  /** Login journal rows of the depts in scope, of the caller's tenant only (a scope of "all" is all of one tenant), newest first. */
  page(db: Db, scope: DataScope, page: PageQuery, filters: Record<string, unknown>) {
    return loginJournalPage(db, scope, page, filters, {
      fields: USERLOGIN_FIELDS,
      tenantId: scope.actor.tenantId,
      select: (qb) =>
        qb.select(['l.id', 'l.account', 'u.realName', 'd.deptName', 'l.loginType', 'l.success', 'l.message', 'l.remoteIp', 'l.userAgent', 'l.createTime']),
    });
  },
};
