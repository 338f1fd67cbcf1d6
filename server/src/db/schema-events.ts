import type { Generated } from 'kysely';
import type { Id, Time } from './schema.js';

/** One live event for one user (migration 0024); its id is the event-stream id a reconnecting browser sends back. */
export interface EventLogTable {
  id: Generated<string>;
  tenantId: string;
  /** The recipient. */
  userId: Id;
  /** What happened, e.g. 'msg.received', 'msg.read', 'msg.unread-count'. */
  type: string;
  /** The event's JSON; written and read as JSON text by the events repo. */
  data: Generated<unknown>;
  createTime: Time;
}

/** Live events, kept for replay after a reconnect (migration 0024). */
export interface EventsDatabase {
  eventLog: EventLogTable;
}
