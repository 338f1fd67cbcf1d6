import { useQuery } from '@tanstack/react-query';
import { AI_PORTRAIT_PATHS, PORTRAIT_KIND_OF_PAGE, type AiPortrait, type PortraitKind } from '@gsl/contract';
import { get } from '../api/http';

/**
 * AI 画像 calls (server/src/modules/aiportrait), for each kind (enterprise, group, person):
 *   GET /api/ai-service/portrait/{kind}/detail   id → tags (rule, sources), figures, charts, news, summary
 * Quiet: the page says what went wrong in place.
 */
export type { AiPortrait, PortraitKind };

/** The kind a page name stands for (company → enterprise), or undefined. */
export const portraitKindOfPage = (page: string | undefined): PortraitKind | undefined => (page ? PORTRAIT_KIND_OF_PAGE[page] : undefined);

export function usePortrait(kind: PortraitKind, id: string) {
  return useQuery({
    queryKey: ['model', 'portrait', kind, id],
    enabled: Boolean(id),
    queryFn: ({ signal }) => get<AiPortrait>(AI_PORTRAIT_PATHS.detail(kind), { id }, { signal, quiet: true }),
  });
}
