import { STALE_VERSION_MSG, VERSION_REQUIRED_MSG, type NotepadSubmit, type NotepadView, type PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { formatTime } from '../../../platform/http/time.js';
import { notepadRepo, type NoteRow } from './notepad.repo.js';

export function noteView(r: NoteRow, timeZone: string): NotepadView {
  return {
    id: String(r.id),
    content: r.content,
    remindDate: r.remindDate ?? null,
    createTime: formatTime(r.createTime, timeZone),
    updateTime: formatTime(r.updateTime, timeZone),
    version: r.version,
  };
}

/**
 * 记事本 (specification §7 "My day" Notepad: list, remove, submit): each user writes, changes and removes
 * only their own notes; another user's note answers 404 like a missing one.
 */
export const notepadService = {
  async page(db: Db, actor: Actor, query: PageQuery, f: { content?: string; remindDate?: string }, timeZone: string) {
    const page = await notepadRepo.page(db, actor.userId, query, f);
    return { ...page, records: page.records.map((r) => noteView(r, timeZone)) };
  },

  /** Without id adds; with id updates at the version read (a stale one is refused, another user's is 404). */
  async submit(db: Db, actor: Actor, input: NotepadSubmit, timeZone: string): Promise<{ view: NotepadView; created: boolean }> {
    // '' and null clear the reminder; absent leaves it as it is on an update.
    const remindDate = input.remindDate === undefined ? undefined : input.remindDate || null;
    let id = input.id;
    if (!id) {
      id = await notepadRepo.insert(db, {
        tenantId: actor.tenantId,
        userId: actor.userId,
        deptId: actor.deptId,
        content: input.content,
        remindDate: remindDate ?? null,
      });
    } else {
      if (input.version === undefined) throw badRequest(VERSION_REQUIRED_MSG);
      const values = { content: input.content, ...(remindDate === undefined ? {} : { remindDate }) };
      if (!(await notepadRepo.update(db, actor.userId, id, input.version, values))) {
        throw (await notepadRepo.find(db, actor.userId, id)) ? badRequest(STALE_VERSION_MSG) : notFound();
      }
    }
    const row = await notepadRepo.find(db, actor.userId, id);
    if (!row) throw notFound();
    return { view: noteView(row, timeZone), created: !input.id };
  },

  /** All or none: when one of the ids is not a live note of the user, nothing is removed (404). */
  async remove(db: Db, actor: Actor, ids: string[]): Promise<void> {
    await db.transaction().execute(async (tx) => {
      if ((await notepadRepo.remove(tx, actor.userId, ids)) !== ids.length) throw notFound();
    });
  },
};
