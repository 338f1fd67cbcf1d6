import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DATASOURCE_MSG, MSG, STALE_VERSION_MSG, VERSION_REQUIRED_MSG, datasourceSubmit, idQuery, idsQuery, pageQuery, type DatasourceView } from '@gsl/contract';
import { assertGranted } from '../../../platform/access/grants.js';
import { personalDataCipher } from '../../../platform/audit/personal-data.js';
import { dbErrorCode } from '../../../platform/http/db-errors.js';
import { withMsg } from '../../../platform/http/envelope.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { filterExpressions, paginate, type FieldWhitelist } from '../../../platform/http/paging.js';
import { route } from '../../../platform/http/route.js';
import { formatTime } from '../../../platform/http/time.js';
import { displayUrl, parseDatasourceUrl } from '../../../platform/tenancy/datasource-url.js';
import { connectTo } from '../../../platform/tenancy/tenancy.js';

const FIELDS: FieldWhitelist = {
  name: { column: 'd.name', kind: 'text' },
  url: { column: 'd.url', kind: 'text' },
  username: { column: 'd.username', kind: 'text' },
};
const COLUMNS = ['d.id', 'd.name', 'd.driverClass', 'd.url', 'd.username', 'd.passwordEnc', 'd.remark', 'd.version', 'd.createTime'] as const;

/**
 * Tenant datasources (数据源管理, platform administration): PostgreSQL databases a tenant's data may live
 * in. A datasource is saved only once it really connects; its password is stored encrypted and never
 * answered. Binding a tenant to one is `tenant/datasource` (tenant screen, 数据源 button).
 */
export default async function datasourceRoutes(app: FastifyInstance) {
  const { config } = app;
  const main = app.services.tenancy.main;
  const cipher = () => personalDataCipher(main, { production: config.production });
  const base = () => main.selectFrom('bladeDatasource as d').where('d.isDeleted', '=', 0);
  const tenantsOf = async (ids: string[]) => {
    if (!ids.length) return new Map<string, string[]>();
    const rows = await main.selectFrom('bladeTenant').select(['datasourceId', 'tenantId', 'tenantName']).where('datasourceId', 'in', ids).where('isDeleted', '=', 0).orderBy('tenantId').execute();
    const out = new Map<string, string[]>();
    for (const r of rows) out.set(String(r.datasourceId), [...(out.get(String(r.datasourceId)) ?? []), `${r.tenantId} ${r.tenantName}`]);
    return out;
  };
  const view = (r: any, tenants: string[]): DatasourceView => ({
    id: String(r.id),
    name: r.name,
    driverClass: r.driverClass,
    url: r.url,
    username: r.username,
    hasPassword: !!r.passwordEnc,
    remark: r.remark,
    tenants,
    version: r.version,
    createTime: formatTime(r.createTime, config.timeZone),
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-develop/datasource/list',
    summary: 'datasource list: 数据源分页列表 (含绑定的租户; 不含密码)',
    tags: ['system-datasource'],
    access: { permission: ['datasource', 'tenant_datasource'] },
    query: pageQuery.passthrough(),
    handler: async ({ query }) => {
      const page = await paginate<any>(base().where((eb) => eb.and(filterExpressions(eb, query as Record<string, unknown>, FIELDS))), (qb) => qb.select(COLUMNS), query, FIELDS, [['d.name', 'asc']]);
      const tenants = await tenantsOf(page.records.map((r) => String(r.id)));
      return { ...page, records: page.records.map((r) => view(r, tenants.get(String(r.id)) ?? [])) };
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-develop/datasource/detail',
    summary: 'datasource detail: 数据源详情 (不含密码)',
    tags: ['system-datasource'],
    access: { permission: 'datasource' },
    query: idQuery,
    handler: async ({ query }) => {
      const row = await base().select(COLUMNS).where('d.id', '=', query.id).executeTakeFirst();
      if (!row) throw notFound();
      return view(row, (await tenantsOf([String(row.id)])).get(String(row.id)) ?? []);
    },
  });

  route(app, {
    method: 'GET',
    url: '/api/blade-develop/datasource/select',
    summary: 'datasource select: 数据源下拉选项 (租户绑定数据源时选择; 已被租户使用的注明)',
    tags: ['system-datasource'],
    access: { permission: ['datasource', 'tenant_datasource'] },
    handler: async () => {
      const rows = await base().select(['d.id', 'd.name', 'd.url']).orderBy('d.name').execute();
      const tenants = await tenantsOf(rows.map((r) => String(r.id)));
      return rows.map((r) => ({ id: String(r.id), name: r.name, url: r.url, inUse: tenants.has(String(r.id)) }));
    },
  });

  route(app, {
    method: 'POST',
    url: '/api/blade-develop/datasource/submit',
    summary: 'datasource submit: 新增或修改数据源 (保存前实际连接校验; 密码加密保存, 修改时留空则不变)',
    tags: ['system-datasource'],
    access: { permission: 'datasource' },
    body: datasourceSubmit,
    handler: async ({ actor, body }) => {
      await assertGranted(main, actor, body.id ? 'datasource_edit' : 'datasource_add');
      const target = parseDatasourceUrl(body.url, config.datasourceHosts);
      if ('error' in target) throw badRequest(target.error);
      const url = displayUrl(target);
      const before = body.id ? await base().select(['d.url', 'd.username', 'd.passwordEnc']).where('d.id', '=', body.id).executeTakeFirst() : undefined;
      if (body.id && !before) throw notFound();
      if (body.id && body.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const c = await cipher();
      const password = body.password ? body.password : before?.passwordEnc ? c.decrypt(before.passwordEnc) : '';
      const connectionChanged = !before || before.url !== url || before.username !== body.username || !!body.password;
      if (before && connectionChanged && (await tenantsOf([body.id!])).size) throw badRequest(DATASOURCE_MSG.inUseChange);
      if (connectionChanged) {
        try {
          const handle = await connectTo(url, body.username, password, config);
          await handle.close();
        } catch (err) {
          const reason = err instanceof Error ? err.message.slice(0, 160) : '';
          throw badRequest(reason ? `${DATASOURCE_MSG.connectFailed} (${reason})` : DATASOURCE_MSG.connectFailed);
        }
      }
      const values = {
        name: body.name,
        driverClass: 'org.postgresql.Driver',
        url,
        username: body.username,
        passwordEnc: password ? (body.password ? c.encrypt(password) : before!.passwordEnc) : null,
        remark: body.remark ?? null,
        updateUser: actor.userId,
      };
      try {
        if (!body.id) {
          const row = await main.insertInto('bladeDatasource').values({ ...values, createUser: actor.userId, createDept: actor.deptId }).returning('id').executeTakeFirstOrThrow();
          return withMsg(await detail(String(row.id)), MSG.added);
        }
        const row = await main
          .updateTable('bladeDatasource')
          .set({ ...values, version: sql`version + 1`, updateTime: sql`now()` })
          .where('id', '=', body.id)
          .where('version', '=', body.version!)
          .where('isDeleted', '=', 0)
          .returning('id')
          .executeTakeFirst();
        if (!row) throw badRequest(STALE_VERSION_MSG);
        await app.services.tenancy.release(body.id);
        return withMsg(await detail(body.id), MSG.updated);
      } catch (err) {
        if (dbErrorCode(err) === '23505') throw badRequest(DATASOURCE_MSG.nameExists);
        throw err;
      }
    },
  });

  async function detail(id: string) {
    const row = await base().select(COLUMNS).where('d.id', '=', id).executeTakeFirstOrThrow();
    return view(row, (await tenantsOf([id])).get(id) ?? []);
  }

  route(app, {
    method: 'POST',
    url: '/api/blade-develop/datasource/remove',
    summary: 'datasource remove: 删除数据源 (ids; 正被租户使用的不能删除)',
    tags: ['system-datasource'],
    access: { permission: 'datasource_delete' },
    query: idsQuery,
    handler: async ({ query }) => {
      const ids = [...new Set(query.ids.split(','))];
      await main.transaction().execute(async (tx) => {
        const used = await tx.selectFrom('bladeTenant').select('id').where('datasourceId', 'in', ids).where('isDeleted', '=', 0).forUpdate().executeTakeFirst();
        if (used) throw badRequest(DATASOURCE_MSG.inUse);
        const gone = await tx.updateTable('bladeDatasource').set({ isDeleted: 1, updateTime: sql`now()` }).where('id', 'in', ids).where('isDeleted', '=', 0).executeTakeFirst();
        if (!Number(gone.numUpdatedRows)) throw notFound();
      });
      await Promise.all(ids.map((id) => app.services.tenancy.release(id)));
      return withMsg(null, MSG.removed);
    },
  });
}
