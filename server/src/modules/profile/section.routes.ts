import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG, PROFILE_MSG, profileRecord, requiredId, submitSchema, type PermissionCode } from '@gsl/contract';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import { personalDataCipher } from '../../platform/audit/personal-data.js';
import { withMsg } from '../../platform/http/envelope.js';
import { route, type RouteScope } from '../../platform/http/route.js';
import { removeRoute } from '../../platform/http/remove-route.js';
import { shownSensitive, viewOf, type Row } from './profile.codec.js';
import { PROFILE_RESOURCE, SECTIONS, type ParentDef } from './profile.defs.js';
import { sectionService } from './section.service.js';

/** Personal data in full only with the member_sensitive button. */
export const unmaskedFor = (app: FastifyInstance, actor: Actor) => isGranted(app.db, actor, 'member_sensitive');

/** Every answer that shows personal data unmasked leaves a usual-log row: who, which records, which fields. */
export function logUnmasked(app: FastifyInstance, req: FastifyRequest, tag: string, ids: string[], fields: string[]) {
  if (!ids.length || !fields.length) return;
  app.services.audit.usual(req, 'info', 'profile_sensitive_view', JSON.stringify({ tag, url: req.url.split('?')[0], recordIds: ids, fields }));
}

/** Scope metadata of a route addressing a parent record (quality harness §3). */
export function parentScope(parent: ParentDef, idFrom: 'query.id' | 'query.ids' | 'body.id' | `query.${string}` | `body.${string}`): RouteScope {
  if (parent.kind === 'org') {
    return { resource: PROFILE_RESOURCE, record: { table: 'blade_dept', idFrom, deptColumn: 'id', where: 'is_deleted = 0 and dept_category in (1, 2, 3)' } };
  }
  // A public person is readable outside the scope, a private one only by its creator: the scope governs the default setting.
  const where = parent.kind === 'person' ? 'is_deleted = 0 and visibility = 2' : 'is_deleted = 0';
  return { resource: PROFILE_RESOURCE, record: { table: parent.sqlTable, idFrom, deptColumn: 'dept_id', ownerColumn: 'create_user', where } };
}

/** list / submit / remove of every profile section (experience, equity, leadership …). */
export default async function sectionRoutes(app: FastifyInstance) {
  const cipher = () => personalDataCipher(app.db, { production: app.config.production });
  const tz = app.config.timeZone;

  for (const def of SECTIONS) {
    const svc = sectionService(def, app.db, cipher);
    const p = def.parent;
    const base = `${p.prefix}/${def.key}`;
    const parentIdSchema = requiredId(PROFILE_MSG.parentRequired);
    const view = (row: Row, unmasked: boolean) => viewOf(def.fields, row, { timeZone: tz, unmasked }, { [p.parentField]: String(row.parentId) });
    const sensitive = Object.values(def.fields).some((f) => f.sensitive);

    route(app, {
      method: 'GET',
      url: `${base}/list`,
      summary: `${p.kind} profile ${def.key} list: ${p.label}档案·${def.label}列表 (${p.parentField})`,
      tags: ['profile'],
      access: { permission: p.permission as PermissionCode },
      query: z.object({ [p.parentField]: parentIdSchema }).strict(),
      scope: parentScope(p, `query.${p.parentField}`),
      response: z.array(profileRecord),
      handler: async ({ req, actor, query }) => {
        const rows = await svc.list(actor, (query as Record<string, string>)[p.parentField]);
        const unmasked = sensitive && (await unmaskedFor(app, actor));
        if (unmasked)
          logUnmasked(
            app,
            req,
            `${p.kind}_${def.key}`,
            rows.map((r) => String(r.id)),
            shownSensitive(def.fields, rows),
          );
        return rows.map((r) => view(r, unmasked));
      },
    });

    route(app, {
      method: 'POST',
      url: `${base}/submit`,
      summary: `${p.kind} profile ${def.key} submit: 新增或修改${p.label}档案·${def.label} (无 id 新增, 有 id 按 version 修改)`,
      tags: ['profile'],
      access: { permission: `${p.permission}_edit` as PermissionCode },
      body: submitSchema(def.fields, { [p.parentField]: parentIdSchema }),
      scope: parentScope(p, `body.${p.parentField}`),
      response: profileRecord,
      handler: async ({ actor, body }) => {
        const input = body as Record<string, unknown> & { id?: string; version?: number };
        const { row, created } = await svc.submit(actor, String(input[p.parentField]), input);
        return withMsg(view(row, false), created ? MSG.added : MSG.updated);
      },
    });

    removeRoute(app, {
      url: `${base}/remove`,
      summary: `${p.kind} profile ${def.key} remove: 删除${p.label}档案·${def.label} (ids; 全部在数据权限内才删除)`,
      tags: ['profile'],
      permission: `${p.permission}_edit` as PermissionCode,
      scope: {
        resource: PROFILE_RESOURCE,
        record: { table: def.sqlTable, idFrom: 'query.ids', deptColumn: 'dept_id', ownerColumn: 'create_user', where: 'is_deleted = 0' },
      },
      remove: (ids, actor) => svc.remove(actor, ids),
    });
  }
}
