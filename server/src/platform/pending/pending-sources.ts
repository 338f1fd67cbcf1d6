import type { Db } from '../../db/connection.js';
import type { Actor } from '../access/actor.js';

/**
 * One kind of work waiting for the signed-in user (我的一天 待办, specification §7 "My day" GET pending):
 * unread notices, annual reports to review, fill-in periods not filled, unread chat messages. `count`
 * is how many; `path` is the portal screen where it is done (with its query), so the item links there
 * and disappears once the work is done (its count is then 0 and it is left out).
 */
export interface PendingItem {
  /** Stable key of the kind, dotted lower case after the module (`msg.unread`, `profile.annual-review`). */
  key: string;
  /** What is waiting, in Chinese, for the to-do list (未读通知, 待审核的年报 …). */
  title: string;
  count: number;
  /** Where it is done: a portal route (`/portal/myDay/bigmsg`) with its query. */
  path: string;
  /** The newest item's time (yyyy-MM-dd HH:mm:ss), when the kind has one. */
  latestTime?: string | null;
}

/** Reads one kind of pending work for the actor, inside the actor's data scope; answers [] when there is none. */
export type PendingSource = (db: Db, actor: Actor) => Promise<PendingItem[]>;

/**
 * The sources of the running app. Modules register theirs when they load (the platform never imports a
 * module); the My day module asks them all and answers the non-empty items.
 */
export class PendingSources {
  private readonly sources = new Map<string, PendingSource>();

  register(name: string, source: PendingSource): void {
    if (this.sources.has(name)) throw new Error(`pending source ${name} registered twice`);
    this.sources.set(name, source);
  }

  /** Every registered source's items with a count, in registration order; the sources are read concurrently. */
  async collect(db: Db, actor: Actor): Promise<PendingItem[]> {
    const lists = await Promise.all([...this.sources.values()].map((read) => read(db, actor)));
    return lists.flat().filter((item) => item.count > 0);
  }

  get names(): string[] {
    return [...this.sources.keys()];
  }
}
