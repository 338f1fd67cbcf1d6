import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/** The sign-on state of accounts (refresh chains, sign-on portal sessions), ended when an account changes. */
export const userSessionRepo = {
  /**
   * Ends the users' sessions: every live refresh chain is revoked, which also stops the chain's access
   * tokens (platform/access/actor.ts), and their sign-on portal sessions end, except the one the kept
   * chain comes from (wire contract §4.6). Set-based TokenService.revokeChain, inside the caller's transaction.
   */
  async revokeSessions(tx: Db, userIds: string[], keepChainId?: string): Promise<void> {
    if (!userIds.length) return;
    let sessions = tx
      .updateTable('authSsoSession')
      .set({ endTime: sql<Date>`now()` })
      .where('userId', 'in', userIds)
      .where('endTime', 'is', null);
    if (keepChainId) {
      sessions = sessions.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('authRefreshToken as k')
              .select('k.chainId')
              .where('k.chainId', '=', keepChainId)
              .whereRef('k.ssoSessionHash', '=', 'authSsoSession.idHash'),
          ),
        ),
      );
    }
    await sessions.execute();
    const live = (qb: any) => {
      let q = qb.where('userId', 'in', userIds).where('revokedTime', 'is', null);
      if (keepChainId) q = q.where('chainId', '<>', keepChainId);
      return q;
    };
    await tx
      .insertInto('authRevokedChain')
      .columns(['chainId', 'reason'])
      .expression(
        live(
          tx
            .selectFrom('authRefreshToken')
            .select(['chainId', sql.lit('admin').as('reason')])
            .distinct(),
        ),
      )
      .onConflict((oc) => oc.column('chainId').doNothing())
      .execute();
    await live(tx.updateTable('authRefreshToken').set({ revokedTime: sql<Date>`now()` })).execute();
  },
};
