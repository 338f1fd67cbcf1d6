import { useQueryClient } from '@tanstack/react-query';
import { messageKeys } from '../../../../api/message/message';
import { useLiveEvent } from '../../../../utils/liveEvents';
import { unreadAfter, type MsgRead, type MsgReceived } from './inboxLogic';

/**
 * The unread count kept live (specification §7 "Message centre": a notice received shows up with its
 * badge in every open tab; reading on one device clears it on every device): 'msg.received' counts one
 * more at once and then asks the server, 'msg.read' carries the new count.
 */
export function useLiveUnread(): void {
  const client = useQueryClient();
  useLiveEvent('msg.received', (data: MsgReceived) => {
    client.setQueryData<number>(messageKeys.unread, (n) => unreadAfter(n, { type: 'msg.received', data }));
    void client.invalidateQueries({ queryKey: messageKeys.unread });
  });
  useLiveEvent('msg.read', (data: MsgRead) => {
    client.setQueryData<number>(messageKeys.unread, (n) => unreadAfter(n, { type: 'msg.read', data }));
  });
  // Back after a long absence (more was missed than the server replays): ask for the count again.
  useLiveEvent('resync', () => void client.invalidateQueries({ queryKey: messageKeys.unread }));
}

/** Calls `onReceived` when a message arrives, or after a long absence in which some may have (我的消息 shows them on its first page). */
export function useMessageReceived(onReceived: () => void): void {
  useLiveEvent('msg.received', onReceived);
  useLiveEvent('resync', onReceived);
}
