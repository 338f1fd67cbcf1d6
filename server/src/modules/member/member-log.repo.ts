import { MEMBER_KINDS, type PageQuery } from '@gsl/contract';
import type { Expression, SqlBool } from 'kysely';
import type { Db } from '../../db/connection.js';
import { scopePredicate, type DataScope } from '../../platform/access/scope.js';
import { fieldsOn } from '../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../platform/http/paging.js';

export const LOG_FIELDS = fieldsOn('l', { recordName: 'text', createBy: 'text', createName: 'text', fieldCount: 'int', createTime: 'date' });

export type LogRow = {
  id: string;
  tag: string;
  mode: string;
  recordId: string;
  recordName: string | null;
  deptId: string;
  deptName: string | null;
  fieldCount: number;
  createBy: string | null;
  createName: string | null;
  createTime: Date;
};

/** What a history page is limited to besides the whitelisted filters: member kinds (all when none), the operation, one record. */
export interface LogFilter {
  tags: string[];
  mode?: 'insert' | 'update' | 'delete';
  recordId?: string;
}

/** The change history of member records (aoc_log rows tagged with a member kind) inside the member data scope. */
export const memberLogRepo = {
  page(db: Db, scope: DataScope, page: PageQuery, filters: Record<string, unknown>, by: LogFilter) {
    const base = db
      .selectFrom('aocLog as l')
      .leftJoin('bladeDept as d', 'd.id', 'l.deptId')
      .where('l.tenantId', '=', scope.actor.tenantId)
      .where((eb) => {
        const parts: Expression<SqlBool>[] = [
          scopePredicate(eb, scope, { dept: 'l.deptId', owner: 'l.createUser' }),
          ...filterExpressions(eb, filters, LOG_FIELDS),
        ];
        parts.push(eb('l.tag', 'in', by.tags.length ? by.tags : [...MEMBER_KINDS]));
        if (by.mode) parts.push(eb('l.mode', '=', by.mode));
        if (by.recordId) parts.push(eb('l.recordId', '=', by.recordId));
        return eb.and(parts);
      });
    return paginate<LogRow>(
      base,
      (qb) =>
        qb.select([
          'l.id',
          'l.tag',
          'l.mode',
          'l.recordId',
          'l.recordName',
          'l.deptId',
          'd.deptName',
          'l.fieldCount',
          'l.createBy',
          'l.createName',
          'l.createTime',
        ]),
      page,
      LOG_FIELDS,
      [
        ['l.createTime', 'desc'],
        ['l.id', 'desc'],
      ],
    );
  },

  /** Whether the history row is a member record's inside the scope. */
  async visible(db: Db, scope: DataScope, logId: string): Promise<boolean> {
    const log = await db
      .selectFrom('aocLog as l')
      .select('l.id')
      .where('l.id', '=', logId)
      .where('l.tag', 'in', [...MEMBER_KINDS])
      .where('l.tenantId', '=', scope.actor.tenantId)
      .where((eb) => scopePredicate(eb, scope, { dept: 'l.deptId', owner: 'l.createUser' }))
      .executeTakeFirst();
    return !!log;
  },
};
