import { AI_MSG, RESUME_MSG, RESUME_STATUS, STALE_VERSION_MSG, type AiResume, type ResumeKind, type ResumeLine, type ResumePreview } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import type { ChatModel } from '../../platform/ai/index.js';
import { resumeHtml, type ResumeExport } from './airesume.export.js';
import { rewriteLines } from './airesume.rewrite.js';

/** The label of the template's content (the built-in model does not rewrite). */
export const TEMPLATE_LABEL = '内置简历模板';

export interface ResumeDeps {
  db: Db;
  timeZone: string;
  /** The platform's model: a configured one rewrites a fresh draft's sentences (the built-in one does not). */
  model: ChatModel;
  /** The subject (a member, a chamber) inside the caller's scope (404 outside it). */
  subject: (actor: Actor, id: string) => Promise<ResumeSubject>;
}

/** What a résumé is written about: its id and name, the labels of the sources it may name, and the template's draft. */
export interface ResumeSubject {
  id: string;
  name: string;
  labels: Record<string, string>;
  draft: () => ResumeLine[];
}

const parseLines = (v: unknown): ResumeLine[] => (typeof v === 'string' ? (JSON.parse(v) as ResumeLine[]) : ((v as ResumeLine[] | null) ?? []));

/**
 * AI 简历 of one member kind: detail (the stored résumé or a fresh draft from the template), save
 * (edited lines, at the version read), publish (a person approves: the stored lines become the published
 * ones, with who and when), preview (the published lines, with the viewer for the watermark).
 */
export function resumeService(k: ResumeKind, deps: ResumeDeps) {
  const { db } = deps;
  const tz = deps.timeZone;

  const stored = (actor: Actor, memberId: string) =>
    db.selectFrom('aiResume').selectAll().where('tenantId', '=', actor.tenantId).where('kind', '=', k).where('memberId', '=', memberId).executeTakeFirst();

  /** Keeps only the sources that name a field of the kind (an edited line cannot claim an unknown one). */
  const clean = (lines: ResumeLine[], labels: Record<string, string>): ResumeLine[] =>
    lines.map((l) => ({ text: l.text, sources: [...new Set(l.sources.filter((s) => Object.hasOwn(labels, s)))] }));

  async function detail(actor: Actor, memberId: string): Promise<AiResume> {
    const member = await deps.subject(actor, memberId);
    const labels = member.labels;
    const row = await stored(actor, member.id);
    if (!row) {
      const drafted = member.draft();
      const rewritten = await rewriteLines(deps.model, drafted);
      return {
        id: null,
        kind: k,
        memberId: member.id,
        memberName: member.name,
        lines: rewritten ?? drafted,
        fieldLabels: labels,
        status: RESUME_STATUS.draft,
        version: 0,
        aiGenerated: true,
        generator: rewritten
          ? { aiGenerated: true, method: 'model', model: deps.model.label, generatedAt: formatTime(new Date(), tz)! }
          : { aiGenerated: true, method: 'template', model: TEMPLATE_LABEL, generatedAt: formatTime(new Date(), tz)! },
        hasPublished: false,
        approvedBy: null,
        approveTime: null,
        updateTime: null,
      };
    }
    return {
      id: String(row.id),
      kind: k,
      memberId: member.id,
      memberName: member.name,
      lines: parseLines(row.lines),
      fieldLabels: labels,
      status: row.status,
      version: row.version,
      aiGenerated: true,
      generator: { aiGenerated: true, method: row.method, model: row.model, generatedAt: formatTime(row.generatedAt, tz)! },
      hasPublished: row.publishedLines !== null,
      approvedBy: row.approveUserName,
      approveTime: formatTime(row.approveTime, tz),
      updateTime: formatTime(row.updateTime, tz),
    };
  }

  return {
    detail,

    async save(actor: Actor, input: { id: string; version: number; lines: ResumeLine[]; method?: 'template' | 'model' }): Promise<AiResume> {
      const member = await deps.subject(actor, input.id);
      const lines = JSON.stringify(clean(input.lines, member.labels));
      if (input.version === 0) {
        const inserted = await db
          .insertInto('aiResume')
          .values({
            tenantId: actor.tenantId,
            kind: k,
            memberId: member.id,
            lines,
            status: RESUME_STATUS.draft,
            version: 1,
            // A draft the configured model rewrote keeps its name; the built-in one never rewrites.
            ...(input.method === 'model' && deps.model.label !== AI_MSG.builtinLabel
              ? { method: 'model' as const, model: deps.model.label }
              : { method: 'template' as const, model: TEMPLATE_LABEL }),
            createUser: actor.userId,
            updateUser: actor.userId,
          })
          .onConflict((oc) => oc.columns(['tenantId', 'kind', 'memberId']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) throw badRequest(STALE_VERSION_MSG);
      } else {
        const updated = await db
          .updateTable('aiResume')
          .set((eb) => ({ lines, status: RESUME_STATUS.draft, version: eb('version', '+', 1), updateUser: actor.userId, updateTime: new Date() }))
          .where('tenantId', '=', actor.tenantId)
          .where('kind', '=', k)
          .where('memberId', '=', member.id)
          .where('version', '=', input.version)
          .executeTakeFirst();
        if (!Number(updated.numUpdatedRows)) throw badRequest(STALE_VERSION_MSG);
      }
      return detail(actor, member.id);
    },

    async publish(actor: Actor, input: { id: string; version: number }): Promise<AiResume> {
      const member = await deps.subject(actor, input.id);
      const row = await stored(actor, member.id);
      if (!row) throw badRequest(RESUME_MSG.notSaved);
      const now = new Date();
      const updated = await db
        .updateTable('aiResume')
        .set((eb) => ({
          publishedLines: JSON.stringify(parseLines(row.lines)),
          status: RESUME_STATUS.published,
          version: eb('version', '+', 1),
          approveUser: actor.userId,
          approveUserName: actor.realName,
          approveTime: now,
          updateUser: actor.userId,
          updateTime: now,
        }))
        .where('id', '=', row.id)
        .where('version', '=', input.version)
        .executeTakeFirst();
      if (!Number(updated.numUpdatedRows)) throw badRequest(STALE_VERSION_MSG);
      return detail(actor, member.id);
    },

    async preview(actor: Actor, memberId: string): Promise<ResumePreview> {
      const member = await deps.subject(actor, memberId);
      const row = await stored(actor, member.id);
      const published = Boolean(row && row.publishedLines !== null && row.approveTime);
      return {
        published,
        kind: k,
        memberId: member.id,
        memberName: member.name,
        lines: published ? parseLines(row!.publishedLines) : [],
        fieldLabels: member.labels,
        aiGenerated: true,
        generator: row
          ? { aiGenerated: true, method: row.method, model: row.model, generatedAt: formatTime(row.generatedAt, tz)! }
          : { aiGenerated: true, method: 'template', model: TEMPLATE_LABEL, generatedAt: formatTime(new Date(), tz)! },
        approvedBy: published ? (row!.approveUserName ?? '') : null,
        approveTime: published ? formatTime(row!.approveTime, tz) : null,
        viewerName: actor.realName,
        viewTime: formatTime(new Date(), tz)!,
      };
    },

    /**
     * The résumé as an HTML file with both labels: the published lines (404 before the first 发布), or the
     * working lines (the stored ones or a fresh draft) — the route lets only an editor ask for those.
     */
    async exportHtml(actor: Actor, id: string, source: 'published' | 'working'): Promise<{ name: string; html: string }> {
      const now = formatTime(new Date(), tz)!;
      let e: ResumeExport;
      if (source === 'working') {
        const r = await detail(actor, id);
        e = {
          kind: k,
          resumeId: r.id,
          subjectId: r.memberId,
          subjectName: r.memberName,
          lines: r.lines,
          labels: r.fieldLabels,
          source,
          method: r.generator.method,
          model: r.generator.model,
          generatedAt: r.generator.generatedAt,
          approvedBy: r.approvedBy,
          approveTime: r.approveTime,
          exportedBy: actor.realName,
          exportedAt: now,
        };
      } else {
        const member = await deps.subject(actor, id);
        const row = await stored(actor, member.id);
        if (!row || row.publishedLines === null || !row.approveTime) throw notFound(RESUME_MSG.notPublished);
        e = {
          kind: k,
          resumeId: String(row.id),
          subjectId: member.id,
          subjectName: member.name,
          lines: parseLines(row.publishedLines),
          labels: member.labels,
          source,
          method: row.method,
          model: row.model,
          generatedAt: formatTime(row.generatedAt, tz)!,
          approvedBy: row.approveUserName ?? '',
          approveTime: formatTime(row.approveTime, tz),
          exportedBy: actor.realName,
          exportedAt: now,
        };
      }
      const stamp = now.slice(0, 10).replace(/-/g, '');
      return { name: `${e.subjectName}-AI简历-${source === 'published' ? '已发布' : '工作稿'}-${stamp}.html`, html: resumeHtml(e) };
    },
  };
}
