import type { Db } from '../../db/connection.js';
import type { Actor } from '../access/actor.js';

/**
 * Whether the actor may read some record that holds the file's link (a person's photo, an org's logo,
 * a user's avatar). Each module that stores file links registers one, applying the same access rule
 * as its own detail call, so a file is readable exactly when a record holding it is.
 */
export type AttachReferrer = (db: Db, actor: Actor, link: string) => Promise<boolean>;

/**
 * The referrers of the running app. The platform asks them; modules register them when they load,
 * so the platform never imports a module.
 */
export class AttachReferrers {
  private readonly referrers = new Map<string, AttachReferrer>();

  register(name: string, readable: AttachReferrer): void {
    if (this.referrers.has(name)) throw new Error(`attach referrer ${name} registered twice`);
    this.referrers.set(name, readable);
  }

  /** True when any registered record holding `link` is readable by the actor. */
  async anyReadable(db: Db, actor: Actor, link: string): Promise<boolean> {
    for (const readable of this.referrers.values()) if (await readable(db, actor, link)) return true;
    return false;
  }

  get names(): string[] {
    return [...this.referrers.keys()];
  }
}
