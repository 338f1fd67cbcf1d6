import type { PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import { softDeleteByIds, updateAtVersion } from '../../../platform/db/versioned.js';
import { fieldsOn } from '../../../platform/db/fields.js';
import { filterExpressions, paginate } from '../../../platform/http/paging.js';

export const CLIENT_FIELDS = fieldsOn('c', { clientId: 'text', authorizedGrantTypes: 'text', createTime: 'date' });

const COLUMNS = [
  'c.id',
  'c.clientId',
  'c.scope',
  'c.authorizedGrantTypes',
  'c.webServerRedirectUri',
  'c.resourceIds',
  'c.authorities',
  'c.additionalInformation',
  'c.autoapprove',
  'c.accessTokenValidity',
  'c.refreshTokenValidity',
  'c.status',
  'c.version',
  'c.createTime',
  'c.updateTime',
] as const;

export type ClientRecord = {
  id: string;
  clientId: string;
  scope: string;
  authorizedGrantTypes: string;
  webServerRedirectUri: string | null;
  resourceIds: string | null;
  authorities: string | null;
  additionalInformation: string | null;
  autoapprove: string | null;
  accessTokenValidity: number;
  refreshTokenValidity: number;
  status: number;
  version: number;
  createTime: Date;
  updateTime: Date;
};

export const clientRepo = {
  page(db: Db, page: PageQuery, filters: Record<string, unknown>) {
    const base = db
      .selectFrom('bladeClient as c')
      .where('c.isDeleted', '=', 0)
      .where((eb) => eb.and(filterExpressions(eb, filters, CLIENT_FIELDS)));
    return paginate<ClientRecord>(base, (qb) => qb.select(COLUMNS), page, CLIENT_FIELDS, [['c.id', 'asc']]);
  },
  findById(db: Db, id: string) {
    return db.selectFrom('bladeClient as c').select(COLUMNS).where('c.id', '=', id).where('c.isDeleted', '=', 0).executeTakeFirst() as Promise<
      ClientRecord | undefined
    >;
  },
  insert(db: Db, values: Record<string, unknown>) {
    return db
      .insertInto('bladeClient')
      .values(values as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  },
  /** Updates only when the row still has `version`; undefined when it does not (stale or gone). */
  updateAtVersion(db: Db, id: string, version: number, values: Record<string, unknown>): Promise<string | undefined> {
    return updateAtVersion(db, 'bladeClient', id, version, values);
  },
  softDelete(db: Db, ids: string[]): Promise<number> {
    return softDeleteByIds(db, 'bladeClient', ids);
  },
  clientIdsOf(db: Db, ids: string[]) {
    return db.selectFrom('bladeClient').select('clientId').where('id', 'in', ids).where('isDeleted', '=', 0).execute();
  },
};
