import { DATASOURCE_MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type DatasourceSubmit } from '@gsl/contract';
import type { Actor } from '../../../platform/access/actor.js';
import { assertGranted } from '../../../platform/access/grants.js';
import { personalDataCipher } from '../../../platform/audit/personal-data.js';
import type { AppConfig } from '../../../platform/config/config.js';
import { dbErrorCode } from '../../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { displayUrl, parseDatasourceUrl } from '../../../platform/tenancy/datasource-url.js';
import { connectTo, type Tenancy } from '../../../platform/tenancy/tenancy.js';
import { datasourceRepo } from './datasource.repo.js';

/**
 * Tenant datasources (数据源管理): saved only once they really connect, the password stored encrypted;
 * a datasource a tenant is bound to keeps its connection settings and cannot be removed. Platform rows:
 * everything runs on the main database.
 */
export function datasourceService(deps: { tenancy: Tenancy; config: Pick<AppConfig, 'datasourceHosts' | 'timeZone' | 'production'> }) {
  const { tenancy, config } = deps;
  const main = tenancy.main;
  const cipher = () => personalDataCipher(main, { production: config.production });

  return {
    /** Inserts without id (datasource_add) or updates at the version read (datasource_edit); a changed connection is tried first. */
    async submit(actor: Actor, input: DatasourceSubmit): Promise<{ id: string; created: boolean }> {
      await assertGranted(main, actor, input.id ? 'datasource_edit' : 'datasource_add');
      const target = parseDatasourceUrl(input.url, config.datasourceHosts);
      if ('error' in target) throw badRequest(target.error);
      const url = displayUrl(target);
      const before = input.id ? await datasourceRepo.findById(main, input.id) : undefined;
      if (input.id && !before) throw notFound();
      if (input.id && input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const c = await cipher();
      const password = input.password ? input.password : before?.passwordEnc ? c.decrypt(before.passwordEnc) : '';
      const connectionChanged = !before || before.url !== url || before.username !== input.username || !!input.password;
      if (before && connectionChanged && (await datasourceRepo.anyTenantOn(main, [input.id!]))) throw badRequest(DATASOURCE_MSG.inUseChange);
      if (connectionChanged) {
        try {
          const handle = await connectTo(url, input.username, password, config);
          await handle.close();
        } catch (err) {
          const reason = err instanceof Error ? err.message.slice(0, 160) : '';
          throw badRequest(reason ? `${DATASOURCE_MSG.connectFailed} (${reason})` : DATASOURCE_MSG.connectFailed);
        }
      }
      const values = {
        name: input.name,
        driverClass: 'org.postgresql.Driver',
        url,
        username: input.username,
        passwordEnc: password ? (input.password ? c.encrypt(password) : before!.passwordEnc) : null,
        remark: input.remark ?? null,
        updateUser: actor.userId,
      };
      try {
        if (!input.id)
          return { id: String(await datasourceRepo.insert(main, { ...values, createUser: actor.userId, createDept: actor.deptId })), created: true };
        if (!(await datasourceRepo.updateAtVersion(main, input.id, input.version!, values))) throw badRequest(STALE_VERSION_MSG);
        await tenancy.release(input.id); // the pool was opened with the old settings
        return { id: input.id, created: false };
      } catch (err) {
        if (dbErrorCode(err) === '23505') throw badRequest(DATASOURCE_MSG.nameExists);
        throw err;
      }
    },

    /** Removes every id or none: refused while a tenant is bound to one of them. */
    async remove(ids: string[]): Promise<void> {
      await main.transaction().execute(async (tx) => {
        if (await datasourceRepo.anyTenantOn(tx, ids, true)) throw badRequest(DATASOURCE_MSG.inUse);
        if (!(await datasourceRepo.softDelete(tx, ids))) throw notFound();
      });
      await Promise.all(ids.map((id) => tenancy.release(id)));
    },
  };
}
