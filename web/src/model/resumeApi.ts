import { useQuery } from '@tanstack/react-query';
import { AI_RESUME_PATHS, RESUME_KIND_OF_PAGE, type AiResume, type Envelope, type ResumeKind, type ResumeLine, type ResumePreview } from '@gsl/contract';
import { get, request } from '../api/http';

/**
 * AI 简历 calls (server/src/modules/airesume), for each kind (enterprise, group, person):
 *   GET  /api/ai-service/resume/{kind}/detail   id → the stored résumé or a fresh draft (version 0)
 *   POST /api/ai-service/resume/{kind}/save     id, version, lines → saved (msg 简历已保存)
 *   POST /api/ai-service/resume/{kind}/publish  id, version → published, approver and time recorded
 *   GET  /api/ai-service/resume/{kind}/preview  id → the published lines with the viewer (watermark)
 * Quiet: the pages say what went wrong in place.
 */
export type { AiResume, ResumeKind, ResumeLine, ResumePreview };

/** The kind a page name stands for (company → enterprise), or undefined. */
export const kindOfPage = (page: string | undefined): ResumeKind | undefined => (page ? RESUME_KIND_OF_PAGE[page] : undefined);

export function useResume(kind: ResumeKind, id: string) {
  return useQuery({
    queryKey: ['model', 'resume', kind, id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => get<AiResume>(AI_RESUME_PATHS.detail(kind), { id }, { signal, quiet: true }),
  });
}

export function useResumePreview(kind: ResumeKind, id: string) {
  return useQuery({
    queryKey: ['model', 'resume-preview', kind, id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => get<ResumePreview>(AI_RESUME_PATHS.preview(kind), { id }, { signal, quiet: true }),
  });
}

const send = async (url: string, body: unknown) => {
  const envelope = await request<Envelope<AiResume>>(url, { method: 'POST', body, quiet: true });
  return { data: envelope.data as AiResume, msg: envelope.msg };
};

export const saveResume = (kind: ResumeKind, body: { id: string; version: number; lines: ResumeLine[]; method?: 'template' | 'model' }) =>
  send(AI_RESUME_PATHS.save(kind), body);
export const publishResume = (kind: ResumeKind, body: { id: string; version: number }) => send(AI_RESUME_PATHS.publish(kind), body);
