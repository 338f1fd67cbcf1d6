import { useQuery } from '@tanstack/react-query';
import { AI_SHARE_PATHS, type Envelope, type ResumeKind, type ShareCreated, type ShareItem, type ShareView } from '@gsl/contract';
import { get, request } from '../api/http';

/**
 * 分享链接 calls (server/src/modules/aishare, README deviation 65):
 *   POST /api/ai-service/share/create  kind, id, days → { code, url, expireTime } (a published résumé only)
 *   GET  /api/ai-service/share/list    kind, id → the résumé's links (own; all for an editor)
 *   POST /api/ai-service/share/revoke  ids → revoked
 *   GET  /api/ai-service/share/view    code → the shared résumé (public: no session needed)
 * Quiet: the pages say what went wrong in place.
 */
export type { ShareCreated, ShareItem, ShareView };

/** The public page: the server ignores a missing (or stale) token on this open route. */
export function useShareView(code: string) {
  return useQuery({
    queryKey: ['model', 'share-view', code],
    enabled: Boolean(code),
    retry: false,
    queryFn: ({ signal }) => get<ShareView>(AI_SHARE_PATHS.view, { code }, { signal, quiet: true }),
  });
}

export function useShareList(kind: ResumeKind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['model', 'share-list', kind, id],
    enabled: enabled && Boolean(id),
    queryFn: ({ signal }) => get<ShareItem[]>(AI_SHARE_PATHS.list, { kind, id }, { signal, quiet: true }),
  });
}

export async function createShare(kind: ResumeKind, id: string, days?: number): Promise<ShareCreated> {
  const envelope = await request<Envelope<ShareCreated>>(AI_SHARE_PATHS.create, { method: 'POST', body: { kind, id, ...(days ? { days } : {}) }, quiet: true });
  return envelope.data as ShareCreated;
}

export async function revokeShare(id: string): Promise<string> {
  const envelope = await request<Envelope<null>>(AI_SHARE_PATHS.revoke, { method: 'POST', body: { ids: id }, quiet: true });
  return envelope.msg;
}
