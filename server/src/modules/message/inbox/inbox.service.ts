import type { InboxView, PageQuery } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { MsgAttachment } from '../../../db/schema-message.js';
import type { Actor } from '../../../platform/access/actor.js';
import type { PendingItem } from '../../../platform/pending/pending-sources.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { formatTime } from '../../../platform/http/time.js';
import type { MessagePorts } from '../message.ports.js';
import { EVENT } from '../send/send.service.js';
import { inboxRepo } from './inbox.repo.js';

type InboxRow = NonNullable<Awaited<ReturnType<typeof inboxRepo.find>>>;

function inboxView(r: InboxRow, timeZone: string): InboxView {
  const attachments = (typeof r.attachments === 'string' ? JSON.parse(r.attachments) : (r.attachments ?? [])) as MsgAttachment[];
  return {
    id: String(r.id),
    sendId: String(r.sendId),
    title: r.title,
    content: r.content,
    sendCode: r.sendCode,
    senderName: r.senderName,
    senderDeptName: r.senderDeptName ?? null,
    isRead: r.isRead,
    readTime: formatTime(r.readTime as Date | null, timeZone),
    createTime: formatTime(r.createTime, timeZone),
    attachments: attachments.map((a) => ({ name: a.name, link: a.link })),
  };
}

/**
 * The receiving side: one account's notices. Reading or removing on one device tells every open tab of
 * the account (a live event with the new unread count), so the badge agrees everywhere.
 */
export function inboxService(ports: Pick<MessagePorts, 'events'>) {
  async function changed(tx: Db, actor: Actor) {
    const unread = await inboxRepo.unread(tx, actor.userId);
    await ports.events.publish(tx, [{ tenantId: actor.tenantId, userId: actor.userId, type: EVENT.read, data: { unread } }]);
  }

  return {
    async page(db: Db, actor: Actor, query: PageQuery, f: { isRead?: number; title?: string }, timeZone: string) {
      const page = await inboxRepo.page(db, actor.userId, query, f);
      return { ...page, records: page.records.map((r) => inboxView(r as InboxRow, timeZone)) };
    },

    async detail(db: Db, actor: Actor, id: string, timeZone: string) {
      const row = await inboxRepo.find(db, actor.userId, id);
      if (!row) throw notFound();
      return inboxView(row, timeZone);
    },

    unread: (db: Db, actor: Actor) => inboxRepo.unread(db, actor.userId),

    /** 我的一天 待办 (§7 "My day" GET pending): the unread notices, read in 我的消息. */
    async pending(db: Db, actor: Actor, timeZone: string): Promise<PendingItem> {
      const { count, latest } = await inboxRepo.unreadSummary(db, actor.userId);
      return { key: 'msg.unread', title: '未读消息', count, path: '/portal/myDay/bigmsg', latestTime: formatTime(latest, timeZone) };
    },

    async setRead(db: Db, actor: Actor, ids: string[] | 'all', isRead: 0 | 1) {
      if (ids !== 'all' && (await inboxRepo.countMine(db, actor.userId, ids)) !== new Set(ids).size) throw notFound();
      return db.transaction().execute(async (tx) => {
        const n = await inboxRepo.setRead(tx, actor.userId, ids, isRead);
        if (n) await changed(tx, actor);
        return n;
      });
    },

    async remove(db: Db, actor: Actor, ids: string[]) {
      if (!ids.length) throw badRequest('请选择至少一条数据');
      if ((await inboxRepo.countMine(db, actor.userId, ids)) !== new Set(ids).size) throw notFound();
      await db.transaction().execute(async (tx) => {
        await inboxRepo.remove(tx, actor.userId, ids);
        await changed(tx, actor);
      });
    },

    receivedLink: (db: Db, actor: Actor, link: string) => inboxRepo.receivedLink(db, actor.userId, link),
  };
}
