import { randomBytes } from 'node:crypto';
import { CLIENT_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type ClientSubmit } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { sha256 } from '../../../platform/auth/tokens.js';
import { dbErrorCode } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { clientRepo } from './client.repo.js';
import { namedFields } from '../../../platform/http/update-fields.js';

/**
 * OAuth clients (BladeX blade_client). Secrets are stored as SHA-256 (checked on every call), so a
 * secret is shown once — the generated one on create — and never again.
 */
export const clientService = {
  async submit(db: Db, actor: Actor, input: ClientSubmit): Promise<{ id: string; created: boolean; generatedSecret: string | null }> {
    await assertGranted(db, actor, input.id ? 'client_edit' : 'client_add');
    const { id, version, clientSecret, ...rest } = input;
    const values: Record<string, unknown> = { ...rest, updateUser: actor.userId };
    let generatedSecret: string | null = null;
    try {
      if (!id) {
        const secret = clientSecret || (generatedSecret = randomBytes(24).toString('base64url'));
        const row = await clientRepo.insert(db, {
          ...values,
          webServerRedirectUri: rest.webServerRedirectUri ?? null,
          clientSecretHash: sha256(secret),
          createUser: actor.userId,
          createDept: actor.deptId,
        });
        return { id: row.id, created: true, generatedSecret };
      }
      if (version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const patch: Record<string, unknown> = { ...namedFields(values, input), updateUser: actor.userId };
      if (clientSecret) patch.clientSecretHash = sha256(clientSecret);
      const updated = await clientRepo.updateAtVersion(db, id, version, patch);
      if (updated) return { id: updated, created: false, generatedSecret };
      if (!(await clientRepo.findById(db, id))) throw notFound();
      throw badRequest(STALE_VERSION_MSG);
    } catch (err) {
      if (dbErrorCode(err) === '23505') throw badRequest(CLIENT_MSG.idExists);
      throw err;
    }
  },

  /** The web client named by CLIENT_ID cannot be removed: the product would lock itself out. */
  async remove(db: Db, ids: string[], selfClientId: string): Promise<void> {
    const named = await clientRepo.clientIdsOf(db, ids);
    if (named.some((c) => c.clientId === selfClientId)) throw badRequest(CLIENT_MSG.selfClient);
    if (!(await clientRepo.softDelete(db, ids))) throw notFound();
  },
};
