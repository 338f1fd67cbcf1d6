import { act } from '@testing-library/react';
import { useEffect, useRef } from 'react';

const handlers = new Map<string, Set<(data: unknown) => void>>();

/**
 * Stands in for `utils/liveEvents` in screen tests, with the page subscribing as it would to the stream:
 * `vi.mock('<…>/utils/liveEvents', () => import('<…>/test/liveEvents'))`, then `emit` delivers an event.
 */
export function useLiveEvent(type: string, handler: (data: unknown) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const call = (data: unknown) => latest.current(data);
    if (!handlers.has(type)) handlers.set(type, new Set());
    handlers.get(type)!.add(call);
    return () => void handlers.get(type)!.delete(call);
  }, [type]);
}

/** Delivers one live event of `type` to every mounted subscriber, as the event stream would. */
export const emit = (type: string, data: unknown) => act(() => handlers.get(type)?.forEach((h) => h(data)));

/** Forgets every subscriber (between tests, after the previous screen was unmounted). */
export function resetLiveEvents(): void {
  handlers.clear();
}
