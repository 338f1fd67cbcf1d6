import { useQuery } from '@tanstack/react-query';
import { AI_RESUME_PATHS, resumeKindOfPage, type AiResume, type Envelope, type ResumeKind, type ResumeLine, type ResumePreview } from '@gsl/contract';
import { fileNameOf, saveBlob } from '../api/files';
import { exchange, get, readAnswer, request } from '../api/http';

/**
 * AI 简历 calls (server/src/modules/airesume), for each kind (enterprise, group, person, coc — a chamber, id its deptId):
 *   GET  /api/ai-service/resume/{kind}/detail   id → the stored résumé or a fresh draft (version 0)
 *   POST /api/ai-service/resume/{kind}/save     id, version, lines → saved (msg 简历已保存)
 *   POST /api/ai-service/resume/{kind}/publish  id, version → published, approver and time recorded
 *   GET  /api/ai-service/resume/{kind}/preview  id → the published lines with the viewer (watermark)
 *   GET  /api/ai-service/resume/{kind}/export   id, source → an HTML file with 「AI生成」 and <meta name="AIGC">
 * Quiet: the pages say what went wrong in place.
 */
export type { AiResume, ResumeKind, ResumeLine, ResumePreview };

/** The kind a page name stands for (company → enterprise, coc → coc; README deviation 60), or undefined. */
export const kindOfPage = (page: string | undefined): ResumeKind | undefined => resumeKindOfPage(page);

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

/**
 * Downloads the résumé as the server writes it (an HTML file carrying the visible 「AI生成」 mark and the
 * AIGC metadata), with the session's headers, and hands it to the browser. A refusal is thrown as every
 * other call's (quiet: the page says it in place).
 */
export async function exportResume(kind: ResumeKind, id: string, source: 'published' | 'working'): Promise<string> {
  const answer = await exchange(AI_RESUME_PATHS.export(kind), { params: { id, source }, quiet: true }, async (response) => {
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.startsWith('text/html')) return { refused: { status: response.status, text: await response.text().catch(() => '') } };
    return { file: { blob: await response.blob(), name: fileNameOf(response.headers.get('content-disposition'), `ai-resume-${kind}.html`) } };
  });
  if (answer?.file) {
    saveBlob(answer.file.blob, answer.file.name);
    return answer.file.name;
  }
  const { status, text } = answer?.refused ?? { status: 0, text: '' };
  readAnswer(status, text, { quiet: true });
  return readAnswer(0, '', { quiet: true });
}
