import { useNavigate } from 'react-router';
import { Badge } from 'antd';
import { CommentOutlined } from '@ant-design/icons';
import { useChatStatus } from '../../api/myday/chat';
import { bellTarget, chatBellLabel } from '../../pages/portal/myDay/directLine/directLineLogic';
import { useLiveChat } from '../../pages/portal/myDay/directLine/liveChat';

/**
 * The header's 直通车 badge (specification §7 "My day" Through-train status), beside the message bell: the
 * unread chat messages in all, kept current by the live events; it opens the direct line that has unread
 * messages (or the first that applies).
 */
export function ChatBell() {
  const navigate = useNavigate();
  const status = useChatStatus();
  useLiveChat();
  const count = status.data?.unread ?? 0;
  return (
    <button
      type="button"
      className="app-header__service"
      aria-label={chatBellLabel(count)}
      data-testid="header-chat"
      data-unread={status.data ? count : undefined}
      onClick={() => navigate(bellTarget(status.data))}
    >
      <Badge count={count} size="small" overflowCount={99} color="#cf1322">
        <CommentOutlined style={{ color: '#fff', fontSize: 18 }} aria-hidden />
      </Badge>
    </button>
  );
}
