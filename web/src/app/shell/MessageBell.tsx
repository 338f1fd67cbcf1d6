import { useNavigate } from 'react-router';
import { Badge } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useUnreadCount } from '../../api/message/message';
import { bellLabel } from '../../pages/portal/myDay/bigmsg/inboxLogic';
import { useLiveUnread } from '../../pages/portal/myDay/bigmsg/liveInbox';

/**
 * The header's bell (specification §7 "Message centre": an unread badge in the header that updates live):
 * the unread count from unread-count, kept current by the live events; it opens 我的消息.
 */
export function MessageBell() {
  const navigate = useNavigate();
  const unread = useUnreadCount();
  useLiveUnread();
  const count = unread.data ?? 0;
  return (
    <button
      type="button"
      className="app-header__service"
      aria-label={bellLabel(count)}
      data-testid="header-bell"
      data-unread={count}
      onClick={() => navigate('/portal/myDay/bigmsg')}
    >
      <Badge count={count} size="small" overflowCount={99}>
        <BellOutlined style={{ color: '#fff', fontSize: 18 }} aria-hidden />
      </Badge>
    </button>
  );
}
