import type { Insertable } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { AocPersonBaseTable } from '../../db/schema-profile.js';
import type { DataScope } from '../../platform/access/scope.js';
import { personAccess } from '../profile/profile.repo.js';

export interface PersonBaseRow {
  id: string;
  deptId: string;
  name: string;
  certType: number;
  certNoEnc: string;
  certNoHash: string;
  gender: number | null;
  birthDate: string | null;
  politics: number | null;
  phoneEnc: string | null;
  company: string | null;
  post: string | null;
}

const select = (db: Db, tenantId: string) =>
  db
    .selectFrom('aocPersonBase as p')
    .select([
      'p.id',
      'p.deptId',
      'p.name',
      'p.certType',
      'p.certNoEnc',
      'p.certNoHash',
      'p.gender',
      'p.politics',
      'p.phoneEnc',
      'p.company',
      'p.post',
      (eb) => eb.fn<string | null>('to_char', [eb.ref('p.birthDate'), eb.val('YYYY-MM-DD')]).as('birthDate'),
    ])
    .where('p.isDeleted', '=', 0)
    .where('p.tenantId', '=', tenantId);

/**
 * The leader's side of the person link: a leader is a person of the person base (人员库), found by
 * certificate (type and keyed hash, uk_person_base_cert) or picked by id, and created there when new.
 */
export const leaderPersonRepo = {
  /** A person picked from the person base: only one the caller may read there (the profile's scope and visibility). */
  async readable(db: Db, profileScope: DataScope, isAdministrator: boolean, id: string): Promise<PersonBaseRow | undefined> {
    return (await select(db, profileScope.actor.tenantId)
      .where('p.id', '=', id)
      .where((eb) => personAccess(eb, profileScope, isAdministrator, 'read'))
      .executeTakeFirst()) as PersonBaseRow | undefined;
  },

  /** The tenant's person with the certificate, whoever may read it (the link is the certificate, not the reader). */
  async byCert(db: Db, tenantId: string, certType: number, certNoHash: string): Promise<PersonBaseRow | undefined> {
    return (await select(db, tenantId).where('p.certType', '=', certType).where('p.certNoHash', '=', certNoHash).forUpdate('p').executeTakeFirst()) as
      PersonBaseRow | undefined;
  },

  async insert(db: Db, values: Insertable<AocPersonBaseTable>): Promise<string> {
    const r = await db.insertInto('aocPersonBase').values(values).returning('id').executeTakeFirstOrThrow();
    return String(r.id);
  },
};
