import { sql } from 'kysely';
import type { NewsMentionKind } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { FeedEntry } from './news-fetch.js';

/** What ingest needs besides the entries. */
export interface IngestOptions {
  tenantId: string;
  sourceId: string | null;
  sourceName: string | null;
  /** Keep only entries naming a keyword, an org or a member. */
  matchOnly: boolean;
  isManual: boolean;
  createUser?: string | null;
  createDept?: string | null;
}

export interface FoundMention {
  kind: NewsMentionKind;
  refId: string;
  deptId: string;
  name: string;
}

/** Names shorter than this are not matched (two- and three-character names match far too much text). */
const MIN_NAME = 4;
/** The part of an item's text that is matched: the title, the summary and the start of the body. */
const MATCH_TEXT = 3000;

/**
 * The title as duplicates are recognised: NFKC, lower case, without white space, punctuation or symbols
 * (「江苏 工商联：」 and 「江苏工商联:」 are the same item).
 */
export function titleKey(title: string): string {
  const key = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]/gu, '');
  return (key || title.trim()).slice(0, 200);
}

const matchText = (e: Pick<FeedEntry, 'title' | 'summary' | 'content'>) => [e.title, e.summary ?? '', e.content ?? ''].join('\n').slice(0, MATCH_TEXT);

/**
 * The orgs and members each text names, in one statement for the whole batch: every four-character run of
 * a text is looked up against the names' first four characters (an expression index on each table), and
 * only those candidates are checked for the whole name. Never one query per member or per item.
 */
export async function findMentions(db: Db, tenantId: string, texts: string[]): Promise<Map<number, FoundMention[]>> {
  const out = new Map<number, FoundMention[]>();
  if (!texts.length) return out;
  const rows = JSON.stringify(texts.map((txt, ord) => ({ ord, txt })));
  const r = await sql<{ ord: number; kind: NewsMentionKind; refId: string; deptId: string; name: string }>`
    with t as (select x.ord, x.txt from jsonb_to_recordset(${rows}::jsonb) as x(ord int, txt text)),
    g as (
      select distinct t.ord, substr(t.txt, s.i, ${MIN_NAME}) as gram
        from t cross join lateral generate_series(1, greatest(char_length(t.txt) - ${MIN_NAME - 1}, 0)) as s(i)
    )
    select g.ord, 'enterprise' as kind, m.id as ref_id, m.dept_id, m.name
      from g join aoc_member_enterprise m on m.tenant_id = ${tenantId} and m.is_deleted = 0 and left(m.name, ${MIN_NAME}) = g.gram
      join t on t.ord = g.ord
     where strpos(t.txt, m.name) > 0
    union all
    select g.ord, 'group', m.id, m.dept_id, m.name
      from g join aoc_member_group m on m.tenant_id = ${tenantId} and m.is_deleted = 0 and left(m.name, ${MIN_NAME}) = g.gram
      join t on t.ord = g.ord
     where strpos(t.txt, m.name) > 0
    union all
    select g.ord, 'org', d.id, d.id, d.dept_name
      from g join blade_dept d on d.tenant_id = ${tenantId} and d.is_deleted = 0 and left(d.dept_name, ${MIN_NAME}) = g.gram
      join t on t.ord = g.ord
     where strpos(t.txt, d.dept_name) > 0
    union all
    select g.ord, 'org', d.id, d.id, d.dept_name
      from g join blade_dept d on d.tenant_id = ${tenantId} and d.is_deleted = 0 and d.full_name is not null and left(d.full_name, ${MIN_NAME}) = g.gram
      join t on t.ord = g.ord
     where strpos(t.txt, d.full_name) > 0`.execute(db);
  const seen = new Set<string>();
  for (const row of r.rows) {
    const key = `${row.ord}:${row.kind}:${row.refId}`;
    if (seen.has(key) || row.name.length < MIN_NAME) continue;
    seen.add(key);
    const list = out.get(row.ord) ?? [];
    list.push({ kind: row.kind, refId: String(row.refId), deptId: String(row.deptId), name: row.name });
    out.set(row.ord, list);
  }
  return out;
}

export interface IngestResult {
  /** Ids of the items stored, in the order of the entries kept. */
  inserted: string[];
  /** Entries already stored (same link, normalised title or guid). */
  duplicates: number;
  /** Entries naming no keyword, org or member (matchOnly sources). */
  unmatched: number;
}

/**
 * Stores new entries with their mentions and matched keywords, in one transaction: duplicates (inside the
 * batch, and against what is stored: link, normalised title, the source's guid) are left out by the unique
 * indexes, so two fetches racing each other store an item once.
 */
export async function ingest(db: Db, entries: FeedEntry[], opts: IngestOptions): Promise<IngestResult> {
  const batch: FeedEntry[] = [];
  const keys = new Set<string>();
  let duplicates = 0;
  for (const e of entries) {
    const marks = [`t:${titleKey(e.title)}`, e.link ? `l:${e.link}` : '', e.guid ? `g:${e.guid}` : ''].filter(Boolean);
    if (marks.some((m) => keys.has(m))) {
      duplicates++;
      continue;
    }
    marks.forEach((m) => keys.add(m));
    batch.push(e);
  }
  if (!batch.length) return { inserted: [], duplicates, unmatched: 0 };
  const keywords = (await db.selectFrom('aocNewsKeyword').select('keyword').where('tenantId', '=', opts.tenantId).execute()).map((k) => k.keyword);
  const texts = batch.map(matchText);
  const mentions = await findMentions(db, opts.tenantId, texts);
  const kept: Array<{ entry: FeedEntry; words: string[]; mentions: FoundMention[] }> = [];
  let unmatched = 0;
  batch.forEach((entry, i) => {
    const lower = texts[i].toLowerCase();
    const words = keywords.filter((k) => lower.includes(k.toLowerCase()));
    const found = mentions.get(i) ?? [];
    if (opts.matchOnly && !words.length && !found.length) unmatched++;
    else kept.push({ entry, words, mentions: found });
  });
  if (!kept.length) return { inserted: [], duplicates, unmatched };
  const now = new Date();
  return db.transaction().execute(async (tx) => {
    const rows = await tx
      .insertInto('aocNewsItem')
      .values(
        kept.map(({ entry, words }) => ({
          tenantId: opts.tenantId,
          sourceId: opts.sourceId,
          guid: entry.guid,
          link: entry.link,
          title: entry.title,
          titleKey: titleKey(entry.title),
          summary: entry.summary,
          content: entry.content,
          author: entry.author,
          sourceName: opts.sourceName,
          infoTime: entry.infoTime && entry.infoTime.getTime() <= now.getTime() + 86_400_000 ? entry.infoTime : now,
          keywords: words.length ? words.join(',').slice(0, 500) : null,
          isManual: opts.isManual ? 1 : 0,
          createUser: opts.createUser ?? null,
          createDept: opts.createDept ?? null,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'titleKey'])
      .execute();
    const idByKey = new Map(rows.map((r) => [r.titleKey, String(r.id)]));
    const inserted: string[] = [];
    const mentionRows: Array<{ itemId: string; kind: string; refId: string; deptId: string; name: string }> = [];
    for (const k of kept) {
      const id = idByKey.get(titleKey(k.entry.title));
      if (!id) continue;
      inserted.push(id);
      for (const m of k.mentions) mentionRows.push({ itemId: id, kind: m.kind, refId: m.refId, deptId: m.deptId, name: m.name.slice(0, 200) });
    }
    if (mentionRows.length)
      await tx
        .insertInto('aocNewsMention')
        .values(mentionRows)
        .onConflict((oc) => oc.doNothing())
        .execute();
    return { inserted, duplicates: duplicates + kept.length - inserted.length, unmatched };
  });
}
