import {
  FILLIN_MSG,
  RESERVED_PROPS,
  SYSTEM_PROPS,
  TEMPLATE_MENU,
  templateProblem,
  type FormField,
  type TemplateSubmit,
  type TemplateView,
} from '@gsl/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { dbErrorCode } from '../../platform/http/db-errors.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';

export interface TemplateRow {
  id: string;
  templateKey: string;
  menuCode: string;
  name: string;
  version: number;
  fields: string;
  createTime: Date;
  createUserName: string | null;
}

/** A stored template: its fields parsed (written only by this service, after the contract's checks). */
export interface Template extends Omit<TemplateRow, 'fields'> {
  fields: FormField[];
}

const parse = (r: TemplateRow): Template => ({ ...r, id: String(r.id), fields: JSON.parse(r.fields) as FormField[] });

export const templateView = (t: Template, timeZone: string): TemplateView => ({
  id: t.id,
  templateKey: t.templateKey,
  name: t.name,
  menuCode: t.menuCode,
  version: t.version,
  fields: t.fields,
  createTime: formatTime(t.createTime, timeZone),
  createUserName: t.createUserName,
});

function rows(db: Db, tenantId: string) {
  return db
    .selectFrom('aocFormTemplate as t')
    .leftJoin('bladeUser as u', 'u.id', 't.createUser')
    .select(['t.id', 't.templateKey', 't.menuCode', 't.name', 't.version', 't.fields', 't.createTime', 'u.realName as createUserName'])
    .where('t.tenantId', '=', tenantId);
}

/**
 * Form templates (businesstag, specification §3 "Template tags", §7): every save is a new version; a
 * record keeps the version it was filled with, so a change never breaks what is stored.
 */
export const templateService = {
  /** The current (latest) version of a key, or of an exact version; 404 when there is none. */
  async byKey(db: Db, tenantId: string, templateKey: string, version?: number): Promise<Template> {
    let q = rows(db, tenantId).where('t.templateKey', '=', templateKey);
    q = version ? q.where('t.version', '=', version) : q.orderBy('t.version', 'desc').limit(1);
    const row = await q.executeTakeFirst();
    if (!row) throw notFound(FILLIN_MSG.templateNotFound);
    return parse(row as TemplateRow);
  },

  /** The current template of every key of a menu (named by its id or its code). */
  async byMenu(db: Db, tenantId: string, menuId: string): Promise<Template[]> {
    const menu = /^\d+$/.test(menuId)
      ? ((await db.selectFrom('bladeMenu').select('code').where('id', '=', menuId).where('isDeleted', '=', 0).executeTakeFirst())?.code ?? null)
      : menuId;
    if (!menu) return [];
    const list = await rows(db, tenantId)
      .where('t.menuCode', '=', menu)
      .where(({ eb, selectFrom }) =>
        eb(
          't.version',
          '=',
          selectFrom('aocFormTemplate as x')
            .select(sql<number>`max(x.version)`.as('v'))
            .whereRef('x.tenantId', '=', 't.tenantId')
            .whereRef('x.templateKey', '=', 't.templateKey'),
        ),
      )
      .orderBy('t.templateKey')
      .execute();
    return list.map((r) => parse(r as TemplateRow));
  },

  /** The current version of every key (the administrator's list). */
  async current(db: Db, tenantId: string): Promise<Template[]> {
    const keys = Object.keys(TEMPLATE_MENU);
    return Promise.all(keys.map((k) => this.byKey(db, tenantId, k)));
  },

  async versions(db: Db, tenantId: string, templateKey: string) {
    const list = await rows(db, tenantId).where('t.templateKey', '=', templateKey).orderBy('t.version', 'desc').execute();
    if (!list.length) throw notFound(FILLIN_MSG.templateNotFound);
    return list as TemplateRow[];
  },

  /**
   * Saves a new version: the fields must hang together (unique props, options, conditions on known
   * fields, the key's system fields kept shown and required) and the administrator must have edited the
   * current version. Old versions stay, so records filled with them still read.
   */
  async submit(db: Db, actor: Actor, input: TemplateSubmit): Promise<Template> {
    // Own keys only: a key such as 'constructor' must not find the object's prototype.
    const menuCode = Object.hasOwn(TEMPLATE_MENU, input.templateKey) ? TEMPLATE_MENU[input.templateKey] : undefined;
    if (!menuCode) throw notFound(FILLIN_MSG.templateNotFound);
    const reserved = input.fields.find((f) => RESERVED_PROPS.includes(f.prop));
    if (reserved) throw badRequest(FILLIN_MSG.reservedProp(reserved.prop));
    const problem = templateProblem(input.fields, (Object.hasOwn(SYSTEM_PROPS, input.templateKey) && SYSTEM_PROPS[input.templateKey]) || []);
    if (problem) throw badRequest(problem);
    const current = await this.byKey(db, actor.tenantId, input.templateKey);
    if (current.version !== input.version) throw badRequest(FILLIN_MSG.templateStale);
    try {
      await db
        .insertInto('aocFormTemplate')
        .values({
          tenantId: actor.tenantId,
          templateKey: input.templateKey,
          menuCode,
          name: input.name,
          version: current.version + 1,
          fields: JSON.stringify(input.fields),
          createUser: actor.userId,
        })
        .execute();
    } catch (err) {
      // Two saves of the same version at once: the unique version index keeps one.
      if (dbErrorCode(err) === '23505') throw badRequest(FILLIN_MSG.templateStale);
      throw err;
    }
    return this.byKey(db, actor.tenantId, input.templateKey);
  },
};
