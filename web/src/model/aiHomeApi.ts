import { useQuery } from '@tanstack/react-query';
import { AI_HOMEPAGE_PATHS, type AiHomepage, type Envelope, type HomepageType, type ResumeLine } from '@gsl/contract';
import { request, get } from '../api/http';

/**
 * AI 主页 calls (server/src/modules/aihome):
 *   GET  /api/ai-service/homepage/detail     deptId?, type? → the page (the caller's own org without deptId)
 *   POST /api/ai-service/homepage/save       deptId?, version, lines → saved (msg AI主页已保存)
 *   POST /api/ai-service/homepage/publish    deptId?, version → published, publisher and time recorded
 *   POST /api/ai-service/homepage/unpublish  deptId?, version → private again
 * Quiet: the page says what went wrong in place.
 */
export type { AiHomepage, HomepageType, ResumeLine };

export const homepageKey = (deptId: string, type: string) => ['model', 'aihome', deptId, type] as const;

export function useHomepage(deptId: string, type: HomepageType | undefined) {
  return useQuery({
    queryKey: homepageKey(deptId, type ?? ''),
    queryFn: ({ signal }) => get<AiHomepage>(AI_HOMEPAGE_PATHS.detail, { ...(deptId ? { deptId } : {}), ...(type ? { type } : {}) }, { signal, quiet: true }),
  });
}

const send = async (url: string, body: unknown) => {
  const envelope = await request<Envelope<AiHomepage>>(url, { method: 'POST', body, quiet: true });
  return { data: envelope.data as AiHomepage, msg: envelope.msg };
};

export const saveHomepage = (body: { deptId: string; version: number; lines: ResumeLine[]; method?: 'template' | 'model' }) =>
  send(AI_HOMEPAGE_PATHS.save, body);
export const publishHomepage = (body: { deptId: string; version: number }) => send(AI_HOMEPAGE_PATHS.publish, body);
export const unpublishHomepage = (body: { deptId: string; version: number }) => send(AI_HOMEPAGE_PATHS.unpublish, body);
