import { NEWS_MSG, STALE_VERSION_MSG, type NewsListQuery, type NewsManualSubmit, type NewsSourceSubmit, type PageQuery } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope } from '../../platform/access/scope.js';
import { softDeleteByIds, updateAtVersion } from '../../platform/db/versioned.js';
import { pageResult } from '../../platform/http/envelope.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import type { Outbox } from '../../platform/outbox/outbox.js';
import { ingest } from './news-ingest.js';
import { scheduleFetch } from './news-schedule.js';
import { newsRepo, type ItemFilter } from './news.repo.js';
import { sourceRepo } from './news-source.repo.js';
import { itemView, keywordView, sourceView } from './news.view.js';

/** The data-scope resource of 舆情监测 (blade_scope_data.resource_code). */
export const NEWS_RESOURCE = 'news';

const scopeOf = (db: Db, actor: Actor) => resolveScope(db, actor, NEWS_RESOURCE);

/** A wire time 'yyyy-MM-dd[ HH:mm[:ss]]' in the display zone, as a Date. */
function parseWireTime(v: string, tz: string): Date {
  const [d, t = '00:00:00'] = v.split(' ');
  const guess = new Date(`${d}T${t.length === 5 ? `${t}:00` : t}Z`);
  // The zone's offset at that moment: the difference between the guess read in the zone and the guess.
  const shown = formatTime(guess, tz)!;
  const offset = new Date(`${shown.replace(' ', 'T')}Z`).getTime() - guess.getTime();
  return new Date(guess.getTime() - offset);
}

export function newsService(outbox: Outbox, tz: string) {
  async function pageOf(db: Db, actor: Actor, query: PageQuery, filter: Omit<ItemFilter, 'timeZone'>) {
    const scope = await scopeOf(db, actor);
    const page = await newsRepo.page(db, scope, query, { ...filter, timeZone: tz });
    const mentions = await newsRepo.mentions(
      db,
      page.records.map((r) => String(r.id)),
    );
    return pageResult(
      page.records.map((r) => itemView(r, mentions, tz)),
      page.total,
      page.current,
      page.size,
    );
  }

  return {
    page: (db: Db, actor: Actor, q: NewsListQuery) =>
      pageOf(db, actor, q, {
        keyword: q.keyword || undefined,
        sourceId: q.sourceId || undefined,
        startDate: q.startDate || undefined,
        endDate: q.endDate || undefined,
      }),

    memberPage: (db: Db, actor: Actor, q: PageQuery & { kind: 'enterprise' | 'group'; memberId: string }) =>
      pageOf(db, actor, q, { member: { kind: q.kind, id: q.memberId } }),

    async detail(db: Db, actor: Actor, id: string) {
      const row = await newsRepo.find(db, await scopeOf(db, actor), id);
      if (!row) throw notFound();
      return itemView(row, await newsRepo.mentions(db, [String(row.id)]), tz);
    },

    /** New since the caller's last visit (all of them before the first). */
    async countNewAdd(db: Db, actor: Actor) {
      const since = await newsRepo.lastVisit(db, actor.userId);
      return { count: await newsRepo.countSince(db, await scopeOf(db, actor), since), since: formatTime(since, tz) };
    },

    async todayNewAdd(db: Db, actor: Actor) {
      return { count: await newsRepo.countToday(db, await scopeOf(db, actor), tz), since: null };
    },

    async visit(db: Db, actor: Actor) {
      const before = await newsRepo.visit(db, actor.tenantId, actor.userId);
      return { count: 0, since: formatTime(before, tz) };
    },

    /** 手工录入: tagged like a collected item; a duplicate title or link is refused. */
    async submit(db: Db, actor: Actor, body: NewsManualSubmit) {
      const result = await ingest(
        db,
        [
          {
            guid: null,
            link: body.link || null,
            title: body.title,
            summary: body.summary || null,
            content: body.content,
            author: null,
            infoTime: body.infoTime ? parseWireTime(body.infoTime, tz) : null,
          },
        ],
        {
          tenantId: actor.tenantId,
          sourceId: null,
          sourceName: body.sourceName || '手工录入',
          matchOnly: false,
          isManual: true,
          createUser: actor.userId,
          createDept: actor.deptId,
        },
      );
      if (!result.inserted.length) throw badRequest(NEWS_MSG.duplicate);
      return this.detail(db, actor, result.inserted[0]);
    },

    async remove(db: Db, actor: Actor, ids: string[]) {
      const visible = await newsRepo.removableIds(db, await scopeOf(db, actor), ids);
      if (visible.length !== ids.length) throw notFound();
      await newsRepo.softDelete(db, actor.tenantId, ids);
    },

    // ------------------------------------------------------------------ sources and keywords
    async sourcePage(db: Db, actor: Actor, q: PageQuery) {
      const page = await sourceRepo.page(db, actor.tenantId, q);
      return pageResult(
        page.records.map((r) => sourceView(r, tz)),
        page.total,
        page.current,
        page.size,
      );
    },

    async sourceSubmit(db: Db, actor: Actor, body: NewsSourceSubmit): Promise<{ view: ReturnType<typeof sourceView>; created: boolean }> {
      const id = await db.transaction().execute(async (tx) => {
        if (await sourceRepo.urlTaken(tx, actor.tenantId, body.url, body.id)) throw badRequest(NEWS_MSG.sourceExists);
        if (!body.id) {
          const newId = await sourceRepo.insert(tx, {
            tenantId: actor.tenantId,
            userId: actor.userId,
            deptId: actor.deptId,
            name: body.name,
            url: body.url,
            enabled: body.enabled ?? 1,
            matchOnly: body.matchOnly ?? 1,
            intervalMinutes: body.intervalMinutes ?? 60,
          });
          if ((body.enabled ?? 1) === 1) await scheduleFetch(outbox, tx, actor.tenantId, newId);
          return newId;
        }
        const before = await sourceRepo.find(tx, actor.tenantId, body.id);
        if (!before) throw notFound();
        if (body.version === undefined) throw badRequest(STALE_VERSION_MSG);
        const enabled = body.enabled ?? before.enabled;
        const urlChanged = body.url !== before.url;
        const updated = await updateAtVersion(
          tx,
          'aocNewsSource',
          body.id,
          body.version,
          {
            name: body.name,
            url: body.url,
            enabled,
            matchOnly: body.matchOnly ?? before.matchOnly,
            intervalMinutes: body.intervalMinutes ?? before.intervalMinutes,
            updateUser: actor.userId,
            // A new address starts afresh: no validators of the old one, no failures counted against it.
            ...(urlChanged ? { etag: null, lastModified: null, consecutiveFailures: 0, lastStatus: 'pending', lastError: null } : {}),
            ...(enabled ? {} : { jobId: null, nextFetchTime: null }),
          },
          { tenantId: actor.tenantId },
        );
        if (!updated) throw badRequest(STALE_VERSION_MSG);
        if (enabled && (urlChanged || !before.enabled)) await scheduleFetch(outbox, tx, actor.tenantId, body.id);
        return body.id;
      });
      return { view: sourceView((await sourceRepo.find(db, actor.tenantId, id))!, tz), created: !body.id };
    },

    async sourceRemove(db: Db, actor: Actor, ids: string[]) {
      await db.transaction().execute(async (tx) => {
        const n = await softDeleteByIds(tx, 'aocNewsSource', ids, actor.userId, { tenantId: actor.tenantId });
        if (n !== ids.length) throw notFound();
        await tx.updateTable('aocNewsSource').set({ jobId: null, nextFetchTime: null }).where('id', 'in', ids).execute();
      });
    },

    /** 立即抓取: a job now, which replaces the pending one. */
    async fetchNow(db: Db, actor: Actor, id: string) {
      await db.transaction().execute(async (tx) => {
        const source = await sourceRepo.find(tx, actor.tenantId, id);
        if (!source) throw notFound();
        if (!source.enabled) throw badRequest('该来源已停用,请先启用');
        await scheduleFetch(outbox, tx, actor.tenantId, id);
      });
      return sourceView((await sourceRepo.find(db, actor.tenantId, id))!, tz);
    },

    async keywords(db: Db, actor: Actor) {
      return (await sourceRepo.keywords(db, actor.tenantId)).map((k) => keywordView(k, tz));
    },

    async keywordSubmit(db: Db, actor: Actor, keyword: string) {
      const id = await sourceRepo.addKeyword(db, actor.tenantId, actor.userId, keyword);
      if (!id) throw badRequest(NEWS_MSG.keywordExists);
      return { id, keyword, createTime: formatTime(new Date(), tz) };
    },

    async keywordRemove(db: Db, actor: Actor, ids: string[]) {
      await db.transaction().execute(async (tx) => {
        if ((await sourceRepo.removeKeywords(tx, actor.tenantId, ids)) !== ids.length) throw notFound();
      });
    },
  };
}
