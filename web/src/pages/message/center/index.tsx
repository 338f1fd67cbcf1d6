import { useState } from 'react';
import { Card, Tabs } from 'antd';
import { useCan } from '../../../components/Access';
import { ComposeTab } from './ComposeTab';
import { SentTab } from './SentTab';
import './center.css';

const SEND_CODES = ['message_notice', 'message_sms', 'message_email'];

/**
 * 消息中心 at /portal/myApp/message (menu message; specification §7 "Message centre"): 发送消息 for users
 * who may send on a channel (message_notice / message_sms / message_email), and 已发送 with each send's
 * recipients and follow-up. A successful send opens 已发送.
 */
export default function MessageCenterPage() {
  const can = useCan();
  const canSend = SEND_CODES.some(can);
  const [tab, setTab] = useState<string | undefined>(undefined);
  const active = tab ?? (canSend ? 'compose' : 'sent');
  return (
    <Card className="msg-center" data-testid="msg-center">
      <Tabs
        activeKey={active}
        onChange={setTab}
        items={[
          ...(canSend ? [{ key: 'compose', label: '发送消息', children: <ComposeTab onSent={() => setTab('sent')} /> }] : []),
          { key: 'sent', label: '已发送', children: <SentTab /> },
        ]}
      />
    </Card>
  );
}
