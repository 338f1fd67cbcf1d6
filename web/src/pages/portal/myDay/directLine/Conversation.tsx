import { useEffect, useId, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Input, Spin } from 'antd';
import { SendOutlined } from '@ant-design/icons';
import { CHAT_CONTENT_MAX } from '@gsl/contract';
import { tellUnhandled } from '../../../../api/http';
import { chatKeys, readChat, sendChat, useChatHistory } from '../../../../api/myday/chat';
import { LoadError } from '../../../../components/LoadError';
import type { Opened } from './ContactPane';
import { contentProblem, keyAction, newestUnread, readingOrder } from './directLineLogic';

/**
 * Whether the element is on screen: the browser tab is visible and the element is laid out (a kept-alive
 * portal tab that is not the active one is display:none). Without IntersectionObserver it counts as shown
 * whenever the document is visible.
 */
function useShown(ref: RefObject<HTMLElement | null>): boolean {
  const [laidOut, setLaidOut] = useState(true);
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const onVisibility = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', onVisibility);
    const el = ref.current;
    let observer: IntersectionObserver | undefined;
    if (el && typeof IntersectionObserver !== 'undefined') {
      observer = new IntersectionObserver((entries) => setLaidOut(entries.some((e) => e.isIntersecting || e.boundingClientRect.height > 0)));
      observer.observe(el);
    }
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      observer?.disconnect();
    };
  }, [ref]);
  return laidOut && visible;
}

/**
 * The conversation with one person: the history (older pages on request), the message box (Enter sends,
 * Shift+Enter starts a new line), and reading: what is shown on screen is marked read (§4), which clears the
 * counts everywhere through the live events.
 */
export function Conversation({ opened }: { opened: Opened | null }) {
  const client = useQueryClient();
  const contactId = opened?.userId ?? null;
  const history = useChatHistory(contactId);
  const messages = readingOrder(history.data?.pages);
  const listRef = useRef<HTMLDivElement>(null);
  const shown = useShown(listRef);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const errorId = useId();

  // Reading: the newest unread message on screen, once per message (a failed call is tried on the next change).
  const unreadId = newestUnread(messages);
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (!contactId || !unreadId || !shown || asked.current === `${contactId}:${unreadId}`) return;
    asked.current = `${contactId}:${unreadId}`;
    readChat(contactId, unreadId).catch((error: unknown) => {
      asked.current = null;
      tellUnhandled(error);
    });
  }, [contactId, unreadId, shown]);

  // The newest message comes into view when one arrives or another conversation opens (not when older ones load).
  const newestId = messages.at(-1)?.id;
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newestId, contactId]);

  useEffect(() => {
    setText('');
    setProblem(null);
  }, [contactId]);

  if (!opened || !contactId) {
    return (
      <section className="direct-line__main direct-line__main--empty" aria-label="对话">
        <Empty description="请选择左侧的联系人开始沟通" />
      </section>
    );
  }

  const send = async () => {
    const wrong = contentProblem(text);
    setProblem(wrong);
    if (wrong || sending) return;
    setSending(true);
    try {
      await sendChat(contactId, text);
      setText('');
      void client.invalidateQueries({ queryKey: chatKeys.history(contactId) });
      void client.invalidateQueries({ queryKey: chatKeys.contacts });
      void client.invalidateQueries({ queryKey: chatKeys.lines });
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="direct-line__main" aria-label={`与${opened.name}的对话`} data-testid="dl-conversation">
      <header className="dl-conv__head">
        <h2 className="dl-conv__title">{opened.name || '联系人'}</h2>
        {opened.deptName && <span className="dl-conv__dept">{opened.deptName}</span>}
      </header>
      <div className="dl-conv__history" ref={listRef} tabIndex={0} aria-label="消息记录">
        {history.hasNextPage && (
          <Button type="link" size="small" className="dl-conv__older" loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
            加载更早的消息
          </Button>
        )}
        {history.isError && !history.data ? (
          <LoadError onRetry={() => void history.refetch()} />
        ) : history.isPending ? (
          <Spin className="dl-list__spin" />
        ) : messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息,发一条开始沟通吧" />
        ) : (
          <ol className="dl-messages" data-testid="dl-messages">
            {messages.map((m) => (
              <li key={m.id} className={m.fromMe ? 'dl-msg dl-msg--mine' : 'dl-msg'} data-testid={`dl-msg-${m.id}`}>
                <span className="direct-line__sr">{m.fromMe ? '我' : opened.name}:</span>
                <div className="dl-msg__bubble">{m.content}</div>
                <div className="dl-msg__meta">
                  {m.createTime}
                  {m.fromMe && <span className="dl-msg__read">{m.isRead ? '已读' : '未读'}</span>}
                </div>
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="dl-conv__compose">
        <label htmlFor={inputId} className="dl-conv__label">
          消息内容
        </label>
        <Input.TextArea
          id={inputId}
          value={text}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={CHAT_CONTENT_MAX}
          showCount
          placeholder="Enter 发送,Shift+Enter 换行"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? errorId : undefined}
          onChange={(e) => {
            setText(e.target.value);
            if (problem) setProblem(null);
          }}
          onKeyDown={(e) => {
            if (keyAction({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing }) !== 'send') return;
            e.preventDefault();
            void send();
          }}
          data-testid="dl-input"
        />
        {problem && (
          <div id={errorId} role="alert" className="dl-conv__error">
            {problem}
          </div>
        )}
        <Button type="primary" icon={<SendOutlined aria-hidden />} loading={sending} onClick={() => void send()} data-testid="dl-send">
          发送
        </Button>
      </div>
    </section>
  );
}
