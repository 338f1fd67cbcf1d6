import { useQuery } from '@tanstack/react-query';
import type { NotepadSubmit, NotepadView, PendingView } from '@gsl/contract';
import { bladeCrudApi, useCrudList, type CrudApi } from '../crud';
import { get } from '../http';

/**
 * 我的一天 (specification §7 "My day"; server/src/modules/myday):
 *   GET  /api/aoc-service/my-day/pending   → the user's to-dos: [{ key, title, count, path, latestTime }], only kinds with a count
 *   GET  /api/aoc-service/notepad/list     current, size, content, remindDate (yyyy-MM-dd) → the user's own notes, newest first
 *   POST /api/aoc-service/notepad/submit   NotepadSubmit (no id adds → 新增成功; id + version updates → 更新成功)
 *   POST /api/aoc-service/notepad/remove   ?ids= → 删除成功
 * Every signed-in user has My day; a note is only ever its writer's.
 */
export type { NotepadSubmit, NotepadView, PendingView };

export const mydayKeys = {
  pending: ['myday', 'pending'] as const,
  notepad: ['myday', 'notepad'] as const,
};

export const getPending = (signal?: AbortSignal) => get<PendingView[]>('/api/aoc-service/my-day/pending', undefined, { signal }).then((r) => r ?? []);

export const notepadApi: CrudApi<NotepadView, NotepadSubmit> = bladeCrudApi('/api/aoc-service/notepad', mydayKeys.notepad);

/** The to-dos; refetched when a live event says the work changed (the page subscribes). */
export function usePending() {
  return useQuery({ queryKey: mydayKeys.pending, queryFn: ({ signal }) => getPending(signal) });
}

/** The notes whose reminder is `day` (yyyy-MM-dd): today's notes on My day. */
export function useNotesOn(day: string, size = 20) {
  return useCrudList(notepadApi, { current: 1, size, remindDate: day });
}
