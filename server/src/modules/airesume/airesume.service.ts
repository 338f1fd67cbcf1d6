import { AI_MSG, RESUME_MSG, RESUME_STATUS, STALE_VERSION_MSG, type AiResume, type ResumeKind, type ResumeLine, type ResumePreview } from '@gsl/contract';
import type { Db } from '../../db/connection.js';
import type { Actor } from '../../platform/access/actor.js';
import { badRequest } from '../../platform/http/errors.js';
import { formatTime } from '../../platform/http/time.js';
import type { MemberKindDef } from '../member/member.kinds.js';
import type { MemberRow } from '../member/member.repo.js';
import type { ChatModel } from '../../platform/ai/index.js';
import { rewriteLines } from './airesume.rewrite.js';
import { fieldLabelsOf, residentTemplate } from './airesume.template.js';

/** The label of the template's content (the built-in model does not rewrite). */
export const TEMPLATE_LABEL = '内置简历模板';

export interface ResumeDeps {
  db: Db;
  timeZone: string;
  /** The platform's model: a configured one rewrites a fresh draft's sentences (the built-in one does not). */
  model: ChatModel;
  /** The member's record inside the caller's scope (404 outside it). */
  member: (actor: Actor, id: string) => Promise<MemberRow>;
}

const parseLines = (v: unknown): ResumeLine[] => (typeof v === 'string' ? (JSON.parse(v) as ResumeLine[]) : ((v as ResumeLine[] | null) ?? []));

/**
 * AI 简历 of one member kind: detail (the stored résumé or a fresh draft from the template), save
 * (edited lines, at the version read), publish (a person approves: the stored lines become the published
 * ones, with who and when), preview (the published lines, with the viewer for the watermark).
 */
export function resumeService(kind: MemberKindDef, deps: ResumeDeps) {
  const k = kind.kind as ResumeKind;
  const { db } = deps;
  const labels = fieldLabelsOf(k);
  const tz = deps.timeZone;

  const stored = (actor: Actor, memberId: string) =>
    db.selectFrom('aiResume').selectAll().where('tenantId', '=', actor.tenantId).where('kind', '=', k).where('memberId', '=', memberId).executeTakeFirst();

  /** Keeps only the sources that name a field of the kind (an edited line cannot claim an unknown one). */
  const clean = (lines: ResumeLine[]): ResumeLine[] =>
    lines.map((l) => ({ text: l.text, sources: [...new Set(l.sources.filter((s) => Object.hasOwn(labels, s)))] }));

  async function detail(actor: Actor, memberId: string): Promise<AiResume> {
    const member = await deps.member(actor, memberId);
    const row = await stored(actor, member.id);
    if (!row) {
      const drafted = residentTemplate(kind, member);
      const rewritten = await rewriteLines(deps.model, drafted);
      return {
        id: null,
        kind: k,
        memberId: member.id,
        memberName: String(member.name),
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
      memberName: String(member.name),
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
      const member = await deps.member(actor, input.id);
      const lines = JSON.stringify(clean(input.lines));
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
      const member = await deps.member(actor, input.id);
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
      const member = await deps.member(actor, memberId);
      const row = await stored(actor, member.id);
      const published = Boolean(row && row.publishedLines !== null && row.approveTime);
      return {
        published,
        kind: k,
        memberId: member.id,
        memberName: String(member.name),
        lines: published ? parseLines(row!.publishedLines) : [],
        fieldLabels: labels,
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
  };
}
