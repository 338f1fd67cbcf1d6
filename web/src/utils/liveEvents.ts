import { useEffect, useRef } from 'react';
import { liveEvents, type LiveEventHandler } from '../api/events';

/**
 * Calls `handler` for every live event of `type` (wire contract §3) while the component is mounted:
 * e.g. `useLiveEvent('msg.unread-count', (d) => setCount((d as { count: number }).count))`. All the
 * tab's subscribers share one connection; the newest handler is always the one called, so it may
 * close over fresh state without resubscribing. Subscribe to 'resync' as well when the page must
 * reload after a long absence (more was missed than the server replays).
 */
export function useLiveEvent<T = unknown>(type: string, handler: (data: T, event: Parameters<LiveEventHandler>[1]) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => liveEvents.subscribe(type, (data, event) => latest.current(data as T, event)), [type]);
}
