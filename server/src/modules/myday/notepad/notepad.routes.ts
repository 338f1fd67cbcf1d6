import type { FastifyInstance } from 'fastify';
import { MSG, notepadListQuery, notepadRecord, notepadSubmit, pageOf } from '@gsl/contract';
import { withMsg } from '../../../platform/http/envelope.js';
import { route, type RouteScope } from '../../../platform/http/route.js';
import { removeRoute } from '../../../platform/http/remove-route.js';
import { notepadService } from './notepad.service.js';

const TAGS = ['myday'];
const P = '/api/aoc-service/notepad';

/**
 * A note is only ever its owner's (module guide §4 "Own records"): the repo names the account in every
 * statement, and the scope metadata names no resource but the owner column, so the data-scope walker
 * expects exactly the caller's own notes and a 404 for anyone else's, whatever the roles' rules.
 */
const NOTES = { table: 'aoc_notepad', deptColumn: 'create_dept', ownerColumn: 'user_id', where: 'is_deleted = 0' } as const;
const record = (idFrom: 'body.id' | 'query.ids'): RouteScope => ({ record: { ...NOTES, idFrom } });

/** 记事本 (specification §7 "My day" Notepad: list, remove, submit); everyone signed in has one. */
export function notepadRoutes(app: FastifyInstance) {
  const tz = app.config.timeZone;
  const db = app.db;

  route(app, {
    method: 'GET',
    url: `${P}/list`,
    summary: 'notepad list: 我的记事 (分页, 新的在前; content 包含, remindDate 提醒日期)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    query: notepadListQuery,
    scope: { list: NOTES },
    response: pageOf(notepadRecord),
    handler: ({ actor, query }) =>
      notepadService.page(db, actor, query, { content: query.content?.trim() || undefined, remindDate: query.remindDate || undefined }, tz),
  });

  route(app, {
    method: 'POST',
    url: `${P}/submit`,
    summary: 'notepad submit: 新增或修改记事 (无 id 新增, 有 id 按 version 修改)',
    tags: TAGS,
    access: { permission: 'authenticated' },
    body: notepadSubmit,
    scope: record('body.id'),
    response: notepadRecord,
    handler: async ({ actor, body }) => {
      const { view, created } = await notepadService.submit(db, actor, body, tz);
      return withMsg(view, created ? MSG.added : MSG.updated);
    },
  });

  removeRoute(app, {
    url: `${P}/remove`,
    summary: 'notepad remove: 删除记事 (ids 逗号分隔)',
    tags: TAGS,
    permission: 'authenticated',
    scope: record('query.ids'),
    remove: (ids, actor) => notepadService.remove(db, actor, ids),
  });
}
