import { MESSAGE_MSG, MOBILE_RE, SEND_TAGS, TAG_TYPES, type Channel, type RangeItem, type SendRange, type TagType } from '@gsl/contract';
import type { Db } from '../../../db/connection.js';
import type { Actor } from '../../../platform/access/actor.js';
import { resolveScope, type DataScope } from '../../../platform/access/scope.js';
import type { PersonalDataCipher } from '../../../platform/audit/personal-data.js';
import { badRequest, notFound } from '../../../platform/http/errors.js';
import { rangeRepo, type TagPerson, type TagWhere } from './range.repo.js';

/** The data-scope resource of the message centre: whom a sender may reach, and whose sends they may read. */
export const MESSAGE_RESOURCE = 'message';

/** One recipient after deduplication, with the address of the channel (a phone in clear only in memory). */
export interface Recipient {
  tagType: TagType;
  key: string;
  userId: string | null;
  name: string;
  deptId: string;
  deptName: string | null;
  mobile: string | null;
  mobileHash: string | null;
  mobileEnc: string | null;
  email: string | null;
}

const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const maskMobile = (m: string | null) => (m && m.length === 11 ? `${m.slice(0, 3)}****${m.slice(7)}` : m);
export const maskEmail = (e: string | null) => (e ? e.replace(/^(.)[^@]*(@.*)$/, '$1***$2') : e);

/**
 * Send ranges, resolved on the server inside the sender's data scope: the base org of a range must lie
 * in the scope (404 otherwise, never a silent partial send), and every person found lies in the scope.
 */
export function rangeService(deps: { cipher: () => Promise<PersonalDataCipher> }) {
  const scopeOf = (db: Db, actor: Actor) => resolveScope(db, actor, MESSAGE_RESOURCE);

  /** Where one range item looks: its org (default the sender's) and chamber, both checked against the scope. */
  async function whereOf(db: Db, actor: Actor, scope: DataScope, item: { deptId?: string; cocUnionId?: string }): Promise<TagWhere> {
    const baseDeptId = item.deptId || actor.deptId;
    if (!(await rangeRepo.deptInScope(db, actor.tenantId, scope, baseDeptId))) throw notFound();
    if (item.cocUnionId && !(await rangeRepo.deptInScope(db, actor.tenantId, scope, item.cocUnionId))) throw notFound();
    return { tenantId: actor.tenantId, scope, baseDeptId, cocDeptId: item.cocUnionId || undefined };
  }

  /** A person's address on a channel, or null when they cannot be reached on it. */
  async function normalise(people: TagPerson[], opts: { reveal: boolean }): Promise<Recipient[]> {
    const cipher = await deps.cipher();
    return people.map((p) => {
      let mobile: string | null = null;
      let mobileHash = p.phoneHash;
      let mobileEnc = p.phoneEnc;
      if (p.phoneEnc && p.phoneHash && !opts.reveal) {
        // Stored personal data was checked when written: a send needs its hash (one message per number)
        // and its ciphertext (the delivery decrypts it), not the number itself.
        const email = p.email && EMAIL_RE.test(p.email.trim()) ? p.email.trim() : null;
        return {
          tagType: p.tagType,
          key: p.key,
          userId: p.userId,
          name: p.name,
          deptId: p.deptId,
          deptName: p.deptName,
          mobile: null,
          mobileHash,
          mobileEnc,
          email,
        };
      }
      if (p.phoneEnc) {
        try {
          mobile = cipher.decrypt(p.phoneEnc);
        } catch {
          mobile = null;
        }
      } else if (p.phone) {
        mobile = p.phone.trim();
      }
      if (mobile && !MOBILE_RE.test(mobile)) mobile = null;
      if (mobile && !mobileHash) mobileHash = cipher.hash(mobile);
      if (mobile && !mobileEnc) mobileEnc = cipher.encrypt(mobile);
      if (!mobile) {
        mobileHash = null;
        mobileEnc = null;
      }
      const email = p.email && EMAIL_RE.test(p.email.trim()) ? p.email.trim() : null;
      return { tagType: p.tagType, key: p.key, userId: p.userId, name: p.name, deptId: p.deptId, deptName: p.deptName, mobile, mobileHash, mobileEnc, email };
    });
  }

  /** The channel's key of a recipient: one message per account, per phone number, per mailbox. */
  const keyOn = (channel: Channel, r: Recipient): string | null =>
    channel === 'sys' ? r.userId && `u${r.userId}` : channel === 'sms' ? r.mobileHash && `m${r.mobileHash}` : r.email && `e${r.email.toLowerCase()}`;

  function checkChannel(channel: Channel, items: RangeItem[]) {
    for (const item of items)
      if (!SEND_TAGS[item.tagType].channels.includes(channel)) throw badRequest(`${SEND_TAGS[item.tagType].name}:${MESSAGE_MSG.tagChannel}`);
  }

  return {
    scopeOf,

    /** A tag's head count and its reach per channel (the range tree's live counts). */
    async tagCount(db: Db, actor: Actor, tag: TagType, q: { deptId?: string; cocUnionId?: string }) {
      const scope = await scopeOf(db, actor);
      const counts = await rangeRepo.count(db, tag, await whereOf(db, actor, scope, q));
      const channels = SEND_TAGS[tag].channels;
      return {
        tagType: tag,
        name: SEND_TAGS[tag].name,
        total: counts.total,
        sys: channels.includes('sys') ? counts.sys : 0,
        sms: channels.includes('sms') ? counts.sms : 0,
        email: channels.includes('email') ? counts.email : 0,
      };
    },

    async tagPage(db: Db, actor: Actor, tag: TagType, q: { deptId?: string; cocUnionId?: string; current: number; size: number; name?: string }) {
      const scope = await scopeOf(db, actor);
      const { rows, total } = await rangeRepo.page(db, tag, await whereOf(db, actor, scope, q), q.current, q.size, q.name);
      const people = await normalise(
        rows.map((r) => ({ ...r, userId: r.userId == null ? null : String(r.userId), deptId: String(r.deptId), tagType: tag })),
        { reveal: true },
      );
      return {
        records: people.map((p) => ({
          key: p.key,
          userId: p.userId,
          name: p.name,
          deptId: p.deptId,
          deptName: p.deptName,
          tagType: p.tagType,
          mobile: maskMobile(p.mobile),
          email: maskEmail(p.email),
        })),
        total,
        size: q.size,
        current: q.current,
        pages: Math.ceil(total / q.size),
      };
    },

    async chamberPage(
      db: Db,
      actor: Actor,
      q: { deptId?: string; current: number; size: number; name?: string },
      typeName: (t: number | null) => string | null,
    ) {
      const scope = await scopeOf(db, actor);
      const where = await whereOf(db, actor, scope, q);
      const { rows, total } = await rangeRepo.chambers(db, actor.tenantId, scope, where.baseDeptId, q.current, q.size, q.name);
      return {
        records: rows.map((r) => ({
          id: String(r.id),
          deptName: r.deptName,
          parentName: r.parentName ?? null,
          chamberType: r.chamberType ?? null,
          chamberTypeName: typeName(r.chamberType ?? null),
          staffCount: Number(r.staffCount),
        })),
        total,
        size: q.size,
        current: q.current,
        pages: Math.ceil(total / q.size),
      };
    },

    /**
     * The distinct recipients of a range on a channel: a person chosen through two tags (a chamber's
     * president who is also a member representative) is reached once.
     */
    async resolve(
      db: Db,
      actor: Actor,
      channel: Channel,
      range: SendRange,
    ): Promise<{ recipients: Recipient[]; byTag: Array<{ tagType: string; count: number }> }> {
      checkChannel(channel, range.items);
      const scope = await scopeOf(db, actor);
      const seen = new Map<string, Recipient>();
      const byTag: Array<{ tagType: string; count: number }> = [];
      for (const item of range.items) {
        const people = await normalise(await rangeRepo.people(db, item.tagType, await whereOf(db, actor, scope, item)), { reveal: false });
        let n = 0;
        for (const p of people) {
          const key = keyOn(channel, p);
          if (!key) continue;
          n++;
          if (!seen.has(key)) seen.set(key, p);
        }
        byTag.push({ tagType: item.tagType, count: n });
      }
      if (range.userIds.length) {
        // Named accounts (a reminder): every one must be inside the scope, else the whole range is refused.
        const accounts = await normalise(await rangeRepo.accounts(db, actor.tenantId, scope, [...new Set(range.userIds)]), { reveal: false });
        if (accounts.length !== new Set(range.userIds).size) throw notFound();
        let n = 0;
        for (const p of accounts) {
          const key = keyOn(channel, p);
          if (!key) continue;
          n++;
          if (!seen.has(key)) seen.set(key, p);
        }
        byTag.push({ tagType: 'user', count: n });
      }
      return { recipients: [...seen.values()], byTag };
    },

    tagTypes: TAG_TYPES,
  };
}
export type RangeService = ReturnType<typeof rangeService>;
