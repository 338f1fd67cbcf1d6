import { useQueryClient } from '@tanstack/react-query';
import { CHAT_EVENT, type ChatMessageEvent, type ChatReadEvent, type ChatStatusView } from '@gsl/contract';
import { chatKeys } from '../../../../api/myday/chat';
import { useLiveEvent } from '../../../../utils/liveEvents';
import { statusWithCounts } from './directLineLogic';

/**
 * The chat kept live in every open tab (module guide §8). A message or a read carries the reader's counts
 * as the server computed them: they replace the held ones at once, and the status is asked for again so
 * the badge ends on the server's figure. The lists, the conversations and the open history are read again
 * (a hint, not the record). On every (re)connection and after a long absence (`ready`, `resync`) everything
 * is read again: whatever happened while the stream was away is then on screen. Mounted once, in the
 * header badge.
 */
export function useLiveChat(): void {
  const client = useQueryClient();
  const counts = (data: { total?: number; lines?: ChatMessageEvent['lines'] }) =>
    client.setQueryData<ChatStatusView>(chatKeys.status, (s) => statusWithCounts(s, data));
  const reread = (contactId: string) => {
    void client.invalidateQueries({ queryKey: chatKeys.status });
    void client.invalidateQueries({ queryKey: chatKeys.lines });
    void client.invalidateQueries({ queryKey: chatKeys.contacts });
    void client.invalidateQueries({ queryKey: chatKeys.history(contactId) });
  };
  useLiveEvent<ChatMessageEvent>(CHAT_EVENT.message, (data) => {
    counts(data);
    reread(data.contactId);
  });
  useLiveEvent<ChatReadEvent>(CHAT_EVENT.read, (data) => {
    counts(data);
    reread(data.contactId);
  });
  const all = () => void client.invalidateQueries({ queryKey: chatKeys.all });
  useLiveEvent('ready', all);
  useLiveEvent('resync', all);
}

/** Calls `onArrival` for each message the user receives (the sender's own copies are left out). */
export function useChatArrival(onArrival: (event: ChatMessageEvent) => void): void {
  useLiveEvent<ChatMessageEvent>(CHAT_EVENT.message, (data) => {
    if (!data.mine) onArrival(data);
  });
}
