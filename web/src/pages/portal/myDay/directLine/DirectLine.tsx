import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card, Typography } from 'antd';
import { CHAT_LINE_DEFS, ID_RE, type ChatLine } from '@gsl/contract';
import { tellUnhandled } from '../../../../api/http';
import { addContact, useChatStatus, useContactList } from '../../../../api/myday/chat';
import { ContactPane, type Opened } from './ContactPane';
import { Conversation } from './Conversation';
import { arrivalText } from './directLineLogic';
import { useChatArrival } from './liveChat';
import './directLine.css';

/**
 * One direct line (specification §2 /portal/myDay connectInside, connectFIC, connectCOC, connectMem): the
 * line's people and conversations on the left with unread badges, the conversation on the right. A message
 * arriving is announced in a live region; `?contact=<id>` opens that conversation (links from elsewhere).
 * The counts and lists stay current through the live events the header badge follows (liveChat.ts).
 */
export function DirectLine({ line }: { line: ChatLine }) {
  const def = CHAT_LINE_DEFS[line];
  const [params] = useSearchParams();
  // The link's contact opens once; later choices stay in the page (a new query would open another tab page).
  const [opened, setOpened] = useState<Opened | null>(() => {
    const id = params.get('contact');
    return id && ID_RE.test(id) ? { userId: id, name: '', deptName: null } : null;
  });
  const [announcement, setAnnouncement] = useState('');
  const status = useChatStatus();
  const applies = status.data?.lines.find((l) => l.type === line)?.applies;
  // The line's conversations (the same list 最近会话 shows): names for a linked contact and for arrivals.
  const recent = useContactList({ current: 1, size: 50, type: line });
  const nameOf = (userId: string) => recent.data?.records.find((c) => c.recipientId === userId);
  const known = opened && !opened.name ? nameOf(opened.userId) : undefined;
  const shownContact = known ? { ...opened!, name: known.name, deptName: known.deptName } : opened;

  const open = useCallback(
    (o: Opened) => {
      setOpened(o);
      // Someone chosen from the line's list joins the conversations (最近会话) even before a message.
      if (o.fromDirectory) addContact(line, o.userId).catch(tellUnhandled);
    },
    [line],
  );

  useChatArrival((e) => {
    setAnnouncement(arrivalText(e.contactId === shownContact?.userId ? shownContact.name : nameOf(e.contactId)?.name));
  });

  return (
    <Card
      className="direct-line"
      title={
        <span>
          <h1 className="direct-line__title">{def.name}</h1>
          <Typography.Text type="secondary" className="direct-line__note">
            {def.note}
          </Typography.Text>
        </span>
      }
      data-testid={`direct-line-${line}`}
    >
      {applies === false && (
        <Typography.Paragraph type="secondary" data-testid="dl-not-applicable">
          您所在的组织暂无可通过{def.name}联系的对象。
        </Typography.Paragraph>
      )}
      <div className="direct-line__body">
        <ContactPane line={line} openedId={opened?.userId ?? null} onOpen={open} />
        <Conversation opened={shownContact} />
      </div>
      <div className="direct-line__sr" role="status" aria-live="polite" data-testid="dl-announce">
        {announcement}
      </div>
    </Card>
  );
}
