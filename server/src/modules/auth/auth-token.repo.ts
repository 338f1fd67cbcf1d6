import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * The sign-on state on the main database (wire contract §4): rotating refresh tokens, one-time codes,
 * sign-on portal sessions and revoked chains. Tokens and codes are stored by their hash only.
 */
export const authTokenRepo = {
  insertRefreshToken(
    db: Db,
    row: {
      tokenHash: string;
      chainId: string;
      clientId: string;
      userId: string;
      tenantId: string;
      deptId: string;
      roleIds: string;
      expireTime: Date;
      ssoSessionHash: string | null;
    },
  ) {
    return db.insertInto('authRefreshToken').values(row).execute();
  },

  /**
   * Spends a live refresh token of `clientId` (not used, not revoked, not expired, its chain not
   * revoked) and returns whom it was issued to; undefined when there is none to spend.
   */
  spendRefreshToken(db: Db, tokenHash: string, clientId: string) {
    return (
      db
        .updateTable('authRefreshToken')
        .set({ usedTime: sql<Date>`now()` })
        .where('tokenHash', '=', tokenHash)
        .where('usedTime', 'is', null)
        .where('revokedTime', 'is', null)
        .where('expireTime', '>', sql<Date>`now()`)
        .where('clientId', '=', clientId)
        // A successor issued while its chain was being revoked (a refresh racing a reuse or a logout)
        // was inserted after the revocation marked the rows: the chain table is the authority.
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('authRevokedChain as c').select('c.chainId').whereRef('c.chainId', '=', 'authRefreshToken.chainId'))),
        )
        .returning(['userId', 'chainId', 'tenantId', 'ssoSessionHash'])
        .executeTakeFirst()
    );
  },

  /**
   * The reuse interval (README deviation 7), inside the caller's transaction: a spent refresh token of
   * `clientId` presented again within `graceSeconds` of its spending, when it is its chain's most recently
   * spent token and every token issued after it is still unused and unrevoked. Then those successors are
   * withdrawn (used and revoked at once, so presenting one later counts as reuse and revokes the chain)
   * and the token's owner is returned as by `spendRefreshToken`. `pending`: everything holds but no
   * successor is visible yet (the first spending's request is still writing it). `refused`: anything
   * else — a reuse. The presented row and the successors are locked, so two concurrent re-presentations
   * cannot both pass: the second sees the successors withdrawn and is refused.
   */
  async reclaimSpentRefreshToken(
    tx: Db,
    tokenHash: string,
    clientId: string,
    graceSeconds: number,
  ): Promise<
    { outcome: 'granted'; row: { userId: string; chainId: string; tenantId: string; ssoSessionHash: string | null } } | { outcome: 'pending' | 'refused' }
  > {
    const refused = { outcome: 'refused' } as const;
    if (!(graceSeconds > 0)) return refused;
    const t = await tx
      .selectFrom('authRefreshToken')
      .select([
        'userId',
        'chainId',
        'tenantId',
        'ssoSessionHash',
        'clientId',
        'usedTime',
        'revokedTime',
        sql<boolean>`used_time > now() - make_interval(secs => ${graceSeconds})`.as('inWindow'),
        sql<boolean>`expire_time > now()`.as('live'),
      ])
      .where('tokenHash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
    if (!t || !t.usedTime || t.revokedTime || t.clientId !== clientId || !t.inWindow || !t.live) return refused;
    const chainRevoked = await tx.selectFrom('authRevokedChain').select('chainId').where('chainId', '=', t.chainId).executeTakeFirst();
    if (chainRevoked) return refused;
    // Every token issued after the presented one, and any spent after it (there is none in a chain whose
    // most recently spent token it is), locked in one order.
    const later = await tx
      .selectFrom('authRefreshToken as s')
      .select(['s.tokenHash', 's.usedTime', 's.revokedTime'])
      .where('s.chainId', '=', t.chainId)
      .where('s.tokenHash', '<>', tokenHash)
      .where(
        sql<boolean>`(s.create_time > (select p.create_time from auth_refresh_token p where p.token_hash = ${tokenHash})
          or s.used_time >= (select p.used_time from auth_refresh_token p where p.token_hash = ${tokenHash}))`,
      )
      .orderBy('s.tokenHash')
      .forUpdate()
      .execute();
    if (later.some((s) => s.usedTime || s.revokedTime)) return refused;
    if (!later.length) return { outcome: 'pending' };
    await tx
      .updateTable('authRefreshToken')
      .set({ usedTime: sql<Date>`now()`, revokedTime: sql<Date>`now()` })
      .where(
        'tokenHash',
        'in',
        later.map((s) => s.tokenHash),
      )
      .execute();
    return { outcome: 'granted', row: { userId: t.userId, chainId: t.chainId, tenantId: t.tenantId, ssoSessionHash: t.ssoSessionHash } };
  },

  /** The sign-on session a refresh chain came from (any of its tokens carries it). */
  chainSsoSession(db: Db, chainId: string) {
    return db.selectFrom('authRefreshToken').select('ssoSessionHash').where('chainId', '=', chainId).limit(1).executeTakeFirst();
  },

  /** A refresh token's chain and when it was used, whatever its state. */
  findRefreshToken(db: Db, tokenHash: string) {
    return db.selectFrom('authRefreshToken').select(['chainId', 'usedTime']).where('tokenHash', '=', tokenHash).executeTakeFirst();
  },

  insertCode(
    db: Db,
    row: { codeHash: string; clientId: string; userId: string; tenantId: string; redirectUri: string; expireTime: Date; ssoSessionHash: string | null },
  ) {
    return db.insertInto('authCode').values(row).execute();
  },

  /** Marks an unused code used and returns what it was issued for; undefined when it is unknown or spent. */
  spendCode(db: Db, codeHash: string) {
    return db
      .updateTable('authCode')
      .set({ usedTime: sql<Date>`now()` })
      .where('codeHash', '=', codeHash)
      .where('usedTime', 'is', null)
      .returning(['userId', 'tenantId', 'clientId', 'expireTime', 'ssoSessionHash'])
      .executeTakeFirst();
  },

  insertSsoSession(db: Db, row: { idHash: string; userId: string; tenantId: string; expireTime: Date }) {
    return db.insertInto('authSsoSession').values(row).execute();
  },

  /** The sign-on session with this id hash when it has not ended nor expired. */
  findLiveSsoSession(db: Db, idHash: string) {
    return db
      .selectFrom('authSsoSession as s')
      .select(['s.userId', 's.tenantId'])
      .where('s.idHash', '=', idHash)
      .where('s.endTime', 'is', null)
      .where('s.expireTime', '>', sql<Date>`now()`)
      .executeTakeFirst();
  },

  async endSsoSession(db: Db, idHash: string): Promise<void> {
    await db
      .updateTable('authSsoSession')
      .set({ endTime: sql<Date>`now()` })
      .where('idHash', '=', idHash)
      .where('endTime', 'is', null)
      .execute();
  },

  /** Records the chain as revoked (once) and ends the sign-on sessions its tokens came from; inside the caller's transaction. */
  async revokeChain(tx: Db, chainId: string, reason: 'logout' | 'reuse' | 'admin'): Promise<void> {
    await tx
      .insertInto('authRevokedChain')
      .values({ chainId, reason })
      .onConflict((oc) => oc.column('chainId').doNothing())
      .execute();
    await tx
      .updateTable('authSsoSession')
      .set({ endTime: sql<Date>`now()` })
      .where('endTime', 'is', null)
      .where('idHash', 'in', (eb) =>
        eb
          .selectFrom('authRefreshToken')
          .select('ssoSessionHash')
          .where('chainId', '=', chainId)
          .where('ssoSessionHash', 'is not', null)
          .$narrowType<{ ssoSessionHash: string }>(),
      )
      .execute();
    await tx
      .updateTable('authRefreshToken')
      .set({ revokedTime: sql<Date>`now()` })
      .where('chainId', '=', chainId)
      .where('revokedTime', 'is', null)
      .execute();
  },
};
