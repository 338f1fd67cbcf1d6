import { sql } from 'kysely';
import {
  AI_MSG,
  ASSOCIATION_LEADER_TYPES,
  HOMEPAGE_MSG,
  HOMEPAGE_NEWS_MAX,
  HOMEPAGE_TYPE_NAMES,
  HOMEPAGE_TYPE_OF_CATEGORY,
  STALE_VERSION_MSG,
  type AiHomepage,
  type HomepageType,
  type ResumeLine,
} from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { isGranted } from '../../platform/access/grants.js';
import type { ChatModel } from '../../platform/ai/index.js';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import { profileScope } from '../profile/profile.access.js';
import { findOrgInScope } from '../profile/profile.repo.js';
import { myOrgRepo } from '../myorg/org/org.repo.js';
import { rewriteIntroduction } from './aihome.rewrite.js';
import { HOMEPAGE_FIELD_LABELS, homepageTemplate } from './aihome.template.js';

/** The label of the template's content (the built-in model does not rewrite). */
export const HOMEPAGE_TEMPLATE_LABEL = '内置主页模板';

/** The leading posts a home page shows: 主席, 党组书记, 会长, 副主席, 副会长 (not 理事 or 秘书处). */
const LEADING_TYPES = [5, 6, 1, 7, 2];

/** The permission of 我的组织 that makes the org's own staff the page's editors. */
const EDIT_PERMISSION = 'portal_myorg' as const;

export interface HomepageDeps {
  db: Db;
  timeZone: string;
  model: ChatModel;
}

const parseLines = (v: unknown): ResumeLine[] => (typeof v === 'string' ? (JSON.parse(v) as ResumeLine[]) : ((v as ResumeLine[] | null) ?? []));
const count = (v: string | number | null | undefined) => Number(v ?? 0);

/** What the caller may do with one org's page (README deviation 62). */
interface Access {
  org: { id: string; deptName: string; fullName: string | null; deptCategory: number; idPath: string };
  type: HomepageType;
  /** The org's own staff holding 我的组织, the org inside their scope: save, publish, withdraw. */
  canEdit: boolean;
  /** The org lies in the caller's org-profile data scope (the own org by default): reads the page published or not. */
  covered: boolean;
  /** The org lies on the caller's line of the org tree (itself, above or below): reads the page once published. */
  onLine: boolean;
}

/**
 * AI 主页 of an org: detail (the stored page or a fresh draft of the introduction, with the org's live
 * leadership, figures, news and contact), save (the introduction at the version read), publish and
 * unpublish. Who reads and who writes: `access` below and README deviation 62. Never another tenant.
 */
export function homepageService(deps: HomepageDeps) {
  const { db } = deps;
  const tz = deps.timeZone;

  async function access(actor: Actor, deptIdIn: string | undefined, type?: HomepageType): Promise<Access> {
    const deptId = deptIdIn || actor.deptId;
    const org = await db
      .selectFrom('bladeDept')
      .select(['id', 'deptName', 'fullName', 'deptCategory', 'idPath'])
      .where('id', '=', deptId)
      .where('tenantId', '=', actor.tenantId)
      .where('isDeleted', '=', 0)
      .where('deptCategory', 'in', [1, 2, 3])
      .executeTakeFirst();
    if (!org) throw notFound();
    const orgType = HOMEPAGE_TYPE_OF_CATEGORY[org.deptCategory]!;
    if (type && type !== orgType) throw notFound();
    const own = String(org.id) === String(actor.deptId);
    const covered = Boolean(await findOrgInScope(db, await profileScope(db, actor), String(org.id)));
    const canEdit = own && covered && (await isGranted(db, actor, EDIT_PERMISSION));
    const path = String(org.idPath ?? '');
    const mine = actor.deptPath ?? '';
    const onLine = Boolean(path && mine && (path.startsWith(mine) || mine.startsWith(path)));
    return {
      org: { id: String(org.id), deptName: org.deptName, fullName: org.fullName ?? null, deptCategory: org.deptCategory, idPath: path },
      type: orgType,
      canEdit,
      covered,
      onLine,
    };
  }

  const stored = (actor: Actor, deptId: string) =>
    db.selectFrom('aiHomepage').selectAll().where('tenantId', '=', actor.tenantId).where('deptId', '=', deptId).executeTakeFirst();

  /** Keeps only the sources the page knows (an edited line cannot claim an unknown one). */
  const clean = (lines: ResumeLine[]): ResumeLine[] =>
    lines.map((l) => ({ text: l.text, sources: [...new Set(l.sources.filter((s) => Object.hasOwn(HOMEPAGE_FIELD_LABELS, s)))] }));

  /** The leadership of the latest year recorded (associationleader): the leading posts, in the team's order. */
  async function leadersOf(tenantId: string, deptId: string) {
    const rows = await db
      .selectFrom('aocAssociationLeader as l')
      .select(['l.name', 'l.leaderType', 'l.year'])
      .where('l.tenantId', '=', tenantId)
      .where('l.deptId', '=', deptId)
      .where('l.isDeleted', '=', 0)
      .where('l.leaderType', 'in', LEADING_TYPES)
      .where((eb) =>
        eb(
          'l.year',
          '=',
          eb
            .selectFrom('aocAssociationLeader as y')
            .select((e) => e.fn.max('y.year').as('year'))
            .where('y.tenantId', '=', tenantId)
            .where('y.deptId', '=', deptId)
            .where('y.isDeleted', '=', 0)
            .where('y.leaderType', 'in', LEADING_TYPES),
        ),
      )
      .orderBy(sql`array_position(array[5, 6, 1, 7, 2]::smallint[], l.leader_type)`)
      .orderBy('l.sort')
      .orderBy('l.id')
      .limit(20)
      .execute();
    return rows.map((r) => ({ name: r.name, post: ASSOCIATION_LEADER_TYPES[r.leaderType] ?? '', year: r.year }));
  }

  async function newsOf(tenantId: string, deptId: string) {
    const rows = await db
      .selectFrom('aocNewsItem as i')
      .select(['i.id', 'i.title', 'i.infoTime', 'i.sourceName', 'i.link'])
      .where('i.tenantId', '=', tenantId)
      .where('i.isDeleted', '=', 0)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('aocNewsMention as m')
            .select(sql`1`.as('one'))
            .whereRef('m.itemId', '=', 'i.id')
            .where('m.kind', '=', 'org')
            .where('m.refId', '=', deptId),
        ),
      )
      .orderBy('i.infoTime', 'desc')
      .orderBy('i.id', 'desc')
      .limit(HOMEPAGE_NEWS_MAX)
      .execute();
    return rows.map((r) => ({
      id: String(r.id),
      title: r.title,
      infoTime: formatTime(r.infoTime, tz) ?? '',
      sourceName: r.sourceName ?? null,
      // Only web links: a feed's link is shown as an anchor.
      link: r.link && /^https?:\/\//i.test(r.link) ? r.link : null,
    }));
  }

  async function view(actor: Actor, a: Access): Promise<AiHomepage> {
    const deptId = a.org.id;
    const [card, profile, leaders, news, row] = await Promise.all([
      myOrgRepo.card(db, actor.tenantId, deptId),
      db
        .selectFrom('aocOrgProfile')
        .selectAll()
        .where('tenantId', '=', actor.tenantId)
        .where('deptId', '=', deptId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst(),
      leadersOf(actor.tenantId, deptId),
      newsOf(actor.tenantId, deptId),
      stored(actor, deptId),
    ]);
    if (!card) throw notFound();
    const published = Boolean(row && row.published === 1 && row.publishedLines !== null);
    // Outside the org's staff and its scope, only a published page is there at all.
    if (!a.covered && !(a.onLine && published)) throw notFound();
    const members = { enterprise: count(card.enterpriseMembers), group: count(card.groupMembers), person: count(card.personMembers) };
    const memberCount = { total: members.enterprise + members.group + members.person, ...members };
    const regionName = [card.region3, card.region2, card.region1].filter(Boolean).join(' / ') || null;
    const orgName = card.fullName || card.deptName;
    const p = (profile ?? null) as Record<string, unknown> | null;
    const str = (v: unknown) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v));

    let lines: ResumeLine[];
    let generator: AiHomepage['generator'];
    if (row) {
      const working = parseLines(row.lines);
      lines = a.covered ? working : parseLines(row.publishedLines);
      generator = { aiGenerated: true, method: row.method, model: row.model, generatedAt: formatTime(row.generatedAt, tz)! };
    } else {
      const drafted = homepageTemplate({
        name: orgName,
        typeName: HOMEPAGE_TYPE_NAMES[a.type],
        parentName: card.parentName ?? null,
        regionName,
        profile: p,
        leaders,
        members: memberCount,
      });
      // Only those who may edit have the model asked (a reader's visit costs nothing).
      const rewritten = a.canEdit ? await rewriteIntroduction(deps.model, drafted) : null;
      lines = rewritten ?? drafted;
      generator = rewritten
        ? { aiGenerated: true, method: 'model', model: deps.model.label, generatedAt: formatTime(new Date(), tz)! }
        : { aiGenerated: true, method: 'template', model: HOMEPAGE_TEMPLATE_LABEL, generatedAt: formatTime(new Date(), tz)! };
    }
    return {
      deptId,
      orgName,
      type: a.type,
      typeName: HOMEPAGE_TYPE_NAMES[a.type],
      parentName: card.parentName ?? null,
      regionName,
      canEdit: a.canEdit,
      id: row ? String(row.id) : null,
      version: row ? row.version : 0,
      published,
      publishedBy: published ? (row!.publishUserName ?? '') : null,
      publishTime: published ? formatTime(row!.publishTime, tz) : null,
      lines,
      changedSincePublish: !published || JSON.stringify(parseLines(row!.lines)) !== JSON.stringify(parseLines(row!.publishedLines)),
      fieldLabels: HOMEPAGE_FIELD_LABELS,
      aiGenerated: true,
      generator,
      leaders,
      figures: {
        staffCount: count(card.staffCount),
        federationCount: count(card.federationCount),
        chamberCount: count(card.chamberCount),
        associationCount: count(card.associationCount),
        memberCount,
      },
      news,
      contact: {
        contactPerson: str(card.contactPerson),
        contactPhone: str(card.contactPhone),
        email: str(card.email),
        address: str(card.address),
        website: str(p?.website),
        fax: str(p?.fax),
      },
      updateTime: row ? formatTime(row.updateTime, tz) : null,
      viewerName: actor.realName,
    };
  }

  /** The page the caller may write: 404 where the caller could not even read it, 403 for a reader who is not the org's staff. */
  async function editable(actor: Actor, deptId: string | undefined): Promise<Access> {
    const a = await access(actor, deptId);
    if (a.canEdit) return a;
    if (!a.covered) {
      const row = await stored(actor, a.org.id);
      if (!(a.onLine && row?.published === 1)) throw notFound();
    }
    throw forbidden(HOMEPAGE_MSG.ownOnly);
  }

  return {
    async detail(actor: Actor, input: { deptId?: string; cocId?: string; type?: HomepageType }): Promise<AiHomepage> {
      return view(actor, await access(actor, input.deptId || input.cocId || undefined, input.type));
    },

    async save(actor: Actor, input: { deptId?: string; version: number; lines: ResumeLine[]; method?: 'template' | 'model' }): Promise<AiHomepage> {
      const a = await editable(actor, input.deptId || undefined);
      const lines = JSON.stringify(clean(input.lines));
      if (input.version === 0) {
        const inserted = await db
          .insertInto('aiHomepage')
          .values({
            tenantId: actor.tenantId,
            deptId: a.org.id,
            lines,
            version: 1,
            ...(input.method === 'model' && deps.model.label !== AI_MSG.builtinLabel
              ? { method: 'model' as const, model: deps.model.label }
              : { method: 'template' as const, model: HOMEPAGE_TEMPLATE_LABEL }),
            createUser: actor.userId,
            updateUser: actor.userId,
          })
          .onConflict((oc) => oc.columns(['tenantId', 'deptId']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) throw badRequest(STALE_VERSION_MSG);
      } else {
        const updated = await db
          .updateTable('aiHomepage')
          .set((eb) => ({ lines, version: eb('version', '+', 1), updateUser: actor.userId, updateTime: new Date() }))
          .where('tenantId', '=', actor.tenantId)
          .where('deptId', '=', a.org.id)
          .where('version', '=', input.version)
          .executeTakeFirst();
        if (!Number(updated.numUpdatedRows)) throw badRequest(STALE_VERSION_MSG);
      }
      return view(actor, a);
    },

    async publish(actor: Actor, input: { deptId?: string; version: number }): Promise<AiHomepage> {
      const a = await editable(actor, input.deptId || undefined);
      const row = await stored(actor, a.org.id);
      if (!row) throw badRequest(HOMEPAGE_MSG.notSaved);
      const now = new Date();
      const updated = await db
        .updateTable('aiHomepage')
        .set((eb) => ({
          publishedLines: JSON.stringify(parseLines(row.lines)),
          published: 1,
          version: eb('version', '+', 1),
          publishUser: actor.userId,
          publishUserName: actor.realName,
          publishTime: now,
          updateUser: actor.userId,
          updateTime: now,
        }))
        .where('id', '=', row.id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (!Number(updated.numUpdatedRows)) throw badRequest(STALE_VERSION_MSG);
      return view(actor, a);
    },

    async unpublish(actor: Actor, input: { deptId?: string; version: number }): Promise<AiHomepage> {
      const a = await editable(actor, input.deptId || undefined);
      const row = await stored(actor, a.org.id);
      if (!row || row.published !== 1) throw badRequest(HOMEPAGE_MSG.notPublished);
      const updated = await db
        .updateTable('aiHomepage')
        .set((eb) => ({ publishedLines: null, published: 0, version: eb('version', '+', 1), updateUser: actor.userId, updateTime: new Date() }))
        .where('id', '=', row.id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (!Number(updated.numUpdatedRows)) throw badRequest(STALE_VERSION_MSG);
      return view(actor, a);
    },
  };
}
