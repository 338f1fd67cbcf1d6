import type { FastifyInstance } from 'fastify';
import {
  CHAMBER_TYPES,
  cocListQuery,
  pageOf,
  rangeChamber,
  rangeCount,
  rangeCountBody,
  rangePerson,
  tagCount,
  tagListQuery,
  tagQuery,
  tagTypeParams,
} from '@gsl/contract';
import { route, type RouteScope } from '../../../platform/http/route.js';
import type { MessageServices } from '../message.services.js';
import { MESSAGE_RESOURCE } from './range.service.js';

const TAGS = ['message'];
/** A range is looked for below an org, which must lie in the sender's scope (404 otherwise). */
const baseOrg: RouteScope = { resource: MESSAGE_RESOURCE, record: { table: 'blade_dept', idFrom: 'query.deptId', deptColumn: 'id', where: 'is_deleted = 0' } };
const chamberTypeName = (t: number | null) => (t == null ? null : (CHAMBER_TYPES[t] ?? null));

/** §7 "Message centre" send ranges: the chambers below an org, each tag's people and counts, a mixed selection's count. */
export function rangeRoutes(app: FastifyInstance, svc: MessageServices) {
  const db = app.db;

  route(app, {
    method: 'GET',
    url: '/api/msg-center/send-range/coc/list',
    summary: 'send-range/coc/list: 机构下的商会、协会及其工作人员数 (deptId, current, size)',
    tags: TAGS,
    access: { permission: 'message' },
    query: cocListQuery,
    response: pageOf(rangeChamber),
    scope: baseOrg,
    handler: ({ actor, query }) =>
      svc.range.chamberPage(db, actor, { ...query, deptId: query.deptId || undefined, name: query.name || undefined }, chamberTypeName),
  });

  route(app, {
    method: 'GET',
    url: '/api/msg-center/send-range/user/:tagType/list',
    summary: 'send-range/user/{tagType}/list: 该类对象的人员 (aoc, ec, congress, coc, cocJa, cocAj, abroad, memG, memE, memP; deptId, cocUnionId)',
    tags: TAGS,
    access: { permission: 'message' },
    params: tagTypeParams,
    query: tagListQuery,
    response: pageOf(rangePerson),
    scope: baseOrg,
    handler: ({ actor, params, query }) =>
      svc.range.tagPage(db, actor, params.tagType, {
        ...query,
        deptId: query.deptId || undefined,
        cocUnionId: query.cocUnionId || undefined,
        name: query.name || undefined,
      }),
  });

  route(app, {
    method: 'GET',
    url: '/api/msg-center/send-range/user/:tagType/count',
    summary: 'send-range/user/{tagType}/count: 该类对象的人数及各渠道可达人数 (deptId, cocUnionId)',
    tags: TAGS,
    access: { permission: 'message' },
    params: tagTypeParams,
    query: tagQuery,
    response: tagCount,
    scope: baseOrg,
    handler: ({ actor, params, query }) =>
      svc.range.tagCount(db, actor, params.tagType, { deptId: query.deptId || undefined, cocUnionId: query.cocUnionId || undefined }),
  });

  route(app, {
    method: 'POST',
    url: '/api/msg-center/send-range/user/count',
    summary: 'send-range/user/count: 混合选择的去重接收人数 (跨类别重复的人只计一次)',
    tags: TAGS,
    access: { permission: 'message' },
    body: rangeCountBody,
    response: rangeCount,
    handler: async ({ actor, body }) => {
      const { recipients, byTag } = await svc.range.resolve(db, actor, body.channel, body.range);
      return { channel: body.channel, count: recipients.length, byTag };
    },
  });
}
