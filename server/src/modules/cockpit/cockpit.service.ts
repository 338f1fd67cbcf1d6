import { CHAMBER_TYPES, MEMBER_RESOURCE, type CockpitBucket, type CockpitSummary, type MemberKind, type QualityRow } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { resolveScope, type DataScope } from '../../platform/access/scope.js';
import { notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { cockpitRepo, type Part } from './cockpit.repo.js';
import { inScope } from './cockpit.scope.js';
import { fillScope } from '../fillin/fill-org.js';
import { situationRepo } from '../fillin/situation.repo.js';

const KINDS: MemberKind[] = ['enterprise', 'group', 'person'];
const DAY_MS = 86_400_000;

/** The org a request is about: the caller's own, or one inside the caller's scope (else 404). */
export async function partOf(db: Db, actor: Actor, scope: DataScope, deptId: string | undefined, own = false): Promise<Part & { name: string }> {
  const anchor = await cockpitRepo.anchor(db, actor.tenantId, deptId || actor.deptId);
  if (!anchor) throw notFound();
  if (deptId && deptId !== actor.deptId) {
    // Another org must lie inside the caller's scope of members.
    const inside = await db
      .selectFrom('bladeDept as d')
      .select('d.id')
      .where('d.id', '=', anchor.id)
      .where(() => inScope(scope, 'd.id'))
      .executeTakeFirst();
    if (!inside) throw notFound();
  }
  return { anchor: { id: anchor.id, path: anchor.path }, own, name: anchor.name };
}

/** 数据质量's four figures from the facet rows and the duplicate rows. */
function qualityOf(missing: number, invalid: number, duplicate: number, stale: number) {
  return { missing, invalid, duplicate, stale };
}

export const cockpitService = {
  scopeOf: (db: Db, actor: Actor) => resolveScope(db, actor, MEMBER_RESOURCE),

  async summary(db: Db, actor: Actor, tz: string): Promise<CockpitSummary> {
    const scope = await this.scopeOf(db, actor);
    const part = await partOf(db, actor, scope, undefined);
    const now = new Date();
    const cutoff = cockpitRepo.staleBefore(now);
    const monthsFrom = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1) - 8 * 3600_000);
    const daysFrom = new Date(now.getTime() - 29 * DAY_MS - ((now.getTime() + 8 * 3600_000) % DAY_MS));
    const loginScope = await resolveScope(db, actor, 'userlogin');
    // Messages: the sends of the caller's org and the orgs below it (the message centre's own line).
    const messageWhere = inScope({ actor, rules: [{ type: 4 }] }, 's.dept_id');

    // 填报: the orgs of the fill-in scope by state (the count of 填报情况's list for each state).
    const fillIn = await fillScope(db, actor);
    const fillCount = async (status?: '0' | '1' | '2' | '3') =>
      (await situationRepo.collect(db, fillIn, { current: 1, size: 1, ...(status ? { status } : {}) })).total;

    const [counts, byArea, industries, years, missing, invalid, months, dups, chambers, messages, logins, fills] = await Promise.all([
      cockpitRepo.memberCounts(db, scope, part),
      cockpitRepo.membersByArea(db, scope, part.anchor),
      cockpitRepo.facet(db, scope, part, 'industry', ['enterprise']),
      cockpitRepo.facet(db, scope, part, 'joinYear'),
      cockpitRepo.facet(db, scope, part, 'missing'),
      cockpitRepo.facet(db, scope, part, 'invalid'),
      cockpitRepo.facet(db, scope, part, 'updMonth'),
      cockpitRepo.duplicates(db, scope, part),
      cockpitRepo.chambersByType(db, scope, part),
      cockpitRepo.messagesByMonth(db, actor.tenantId, messageWhere, monthsFrom, tz),
      cockpitRepo.loginsByDay(db, inScope(loginScope, 'l.dept_id'), daysFrom, tz),
      Promise.all([fillCount(), fillCount('0'), fillCount('1'), fillCount('2'), fillCount('3')]),
    ]);
    const sum = (rows: Array<{ n: number }>) => rows.reduce((s, r) => s + r.n, 0);
    const total = counts.enterprise + counts.group + counts.person;
    const byKey = (rows: Array<{ key: string; n: number }>) => {
      const m = new Map<string, number>();
      for (const r of rows) m.set(r.key, (m.get(r.key) ?? 0) + r.n);
      return m;
    };

    const byIndustry: CockpitBucket[] = [...byKey(industries)]
      .map(([key, value]) => ({ key, name: key || '未填写', value }))
      .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name, 'zh'));
    const byJoinYear: CockpitBucket[] = [...byKey(years)]
      .map(([key, value]) => ({ key: key || 'none', name: key ? `${key}年` : '未填写', value }))
      .sort((a, b) => (a.key === 'none' ? 1 : b.key === 'none' ? -1 : a.key.localeCompare(b.key)));
    const chambersByType: CockpitBucket[] = Object.entries(CHAMBER_TYPES).map(([type, name]) => ({
      key: type,
      name,
      value: chambers.find((c) => String(c.type) === type)?.n ?? 0,
    }));

    const monthKeys = Array.from({ length: 12 }, (_, i) => {
      const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11 + i, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    });
    const dayKeys = Array.from({ length: 30 }, (_, i) => new Date(now.getTime() + 8 * 3600_000 - (29 - i) * DAY_MS).toISOString().slice(0, 10));

    return {
      deptId: part.anchor.id,
      deptName: part.name,
      generatedAt: formatTime(now, tz) ?? '',
      members: { total, ...counts },
      byArea: byArea.map((a) => ({ ...a, deptId: a.key === 'self' ? part.anchor.id : a.key })),
      byIndustry,
      byJoinYear,
      chambersByType,
      quality: {
        total,
        ...qualityOf(sum(missing), sum(invalid), sum(dups), sum(months.filter((m) => m.key < cutoff))),
      },
      fillIn: { total: fills[0], notStarted: fills[1], filling: fills[2], submitted: fills[3], returned: fills[4] },
      messages: monthKeys.map((month) => {
        const rows = messages.filter((m) => m.month === month);
        const of = (c: string) => Number(rows.find((r) => r.channel === c)?.sends ?? 0);
        return { month, sys: of('sys'), sms: of('sms'), email: of('email'), recipients: rows.reduce((s, r) => s + Number(r.recipients ?? 0), 0) };
      }),
      logins: dayKeys.map((day) => {
        const r = logins.find((l) => l.day === day);
        return { day, count: Number(r?.count ?? 0), users: Number(r?.users ?? 0) };
      }),
    };
  },

  /** 数据质量 per org: the org asked for (the caller's by default) split into its own level and each subordinate federation. */
  async quality(db: Db, actor: Actor, deptId: string | undefined): Promise<QualityRow[]> {
    const scope = await this.scopeOf(db, actor);
    const part = await partOf(db, actor, scope, deptId);
    const [areas, missing, invalid, months, dups] = await Promise.all([
      cockpitRepo.membersByArea(db, scope, part.anchor),
      cockpitRepo.facet(db, scope, part, 'missing', KINDS, true),
      cockpitRepo.facet(db, scope, part, 'invalid', KINDS, true),
      cockpitRepo.facet(db, scope, part, 'updMonth', KINDS, true),
      cockpitRepo.duplicates(db, scope, part, true),
    ]);
    const cutoff = cockpitRepo.staleBefore();
    const of = (rows: Array<{ bucket: string; n: number; key?: string }>, bucket: string, keep: (r: { key?: string }) => boolean = () => true) =>
      rows.filter((r) => r.bucket === bucket && keep(r)).reduce((s, r) => s + r.n, 0);
    const rate = (x: number, total: number) => (total ? Math.round((x / total) * 10_000) / 10_000 : 0);
    return areas.map((a) => {
      const q = qualityOf(
        of(missing, a.key),
        of(invalid, a.key),
        of(dups, a.key),
        of(months, a.key, (r) => (r.key ?? '') < cutoff),
      );
      return {
        deptId: a.key === 'self' ? part.anchor.id : a.key,
        deptName: a.key === 'self' ? `${part.name}(本级及直属组织)` : a.name,
        own: a.key === 'self',
        total: a.value,
        ...q,
        missingRate: rate(q.missing, a.value),
        invalidRate: rate(q.invalid, a.value),
        duplicateRate: rate(q.duplicate, a.value),
        staleRate: rate(q.stale, a.value),
      };
    });
  },
};
