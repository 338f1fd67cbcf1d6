import { useEffect, useRef, useState } from 'react';
import { App, Alert, Button, Empty, Input, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Markdown from 'react-markdown';
import { AI_MSG, AI_QUESTION_MAX, AI_STATUS, AI_TITLE_MAX } from '@gsl/contract';
import { aiApi, aiKeys, askStream, type AiMessage } from '../../../api/ai';
import { tellUnhandled } from '../../../api/http';
import './aiDialogue.css';

const EXAMPLES = ['本单位有多少会员?', '哪些商会还没有填报?', '忘记登录密码怎么办?'];

/** A message on the page: the stored ones, plus the question and answer of the stream in progress. */
type Shown = Pick<AiMessage, 'id' | 'role' | 'content' | 'status' | 'error' | 'model'> & { tool?: string };

function Answer({ m }: { m: Shown }) {
  return (
    <div className="ai-msg ai-msg--assistant" data-testid="ai-answer" data-status={m.status}>
      <div className="ai-msg__meta">
        {/* 生成式人工智能内容标识: every answer is labelled as generated. */}
        <Tag color="blue">AI生成</Tag>
        {m.model && <span className="ai-msg__model">{m.model}</span>}
        {m.status === AI_STATUS.streaming && <span className="ai-msg__tool">{m.tool ?? '正在回答…'}</span>}
        {m.status === AI_STATUS.stopped && <Tag>{AI_MSG.stopped}</Tag>}
      </div>
      {/* react-markdown renders no raw HTML: a model's answer cannot inject markup. */}
      <div className="ai-msg__body">{m.content ? <Markdown>{m.content}</Markdown> : m.status === AI_STATUS.streaming ? null : '-'}</div>
      {m.status === AI_STATUS.failed && <Alert type="error" showIcon title={m.error ?? AI_MSG.modelFailed} />}
    </div>
  );
}

/**
 * AI 对话 (/portal/aiDialogue): my conversations on the left (new, rename, delete), the one open on
 * the right; a question's answer streams in as it is written and can be stopped. The answers come
 * from the federation's own data inside the asker's scope (server/src/modules/ai).
 */
export default function AiDialoguePage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const conversations = useQuery({ queryKey: aiKeys.conversations, queryFn: aiApi.conversations });
  const usage = useQuery({ queryKey: aiKeys.usage, queryFn: aiApi.usage });
  const [openId, setOpenId] = useState<string | null>(null);
  const stored = useQuery({ queryKey: aiKeys.messages(openId ?? ''), queryFn: () => aiApi.messages(openId!), enabled: !!openId });
  const [live, setLive] = useState<Shown[]>([]);
  const [question, setQuestion] = useState('');
  const [renaming, setRenaming] = useState<{ id: string; title: string } | null>(null);
  const streaming = useRef<AbortController | null>(null);
  const [busy, setBusy] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);

  useEffect(() => () => streaming.current?.abort(), []);
  const shown: Shown[] = [...(openId ? (stored.data ?? []) : []), ...live];
  // In braces: newer browsers answer scrollIntoView with a promise, which must not become the effect's cleanup.
  const growing = live.at(-1)?.content;
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [shown.length, growing]);

  const open = (id: string | null) => {
    if (busy) return;
    setLive([]);
    setOpenId(id);
  };

  const ask = async (text: string) => {
    const q = text.trim();
    if (!q) return void message.warning(AI_MSG.questionRequired);
    if (busy) return;
    const controller = new AbortController();
    streaming.current = controller;
    setBusy(true);
    setQuestion('');
    setLive([
      { id: 'q', role: 'user', content: q, status: AI_STATUS.done, error: null, model: null },
      { id: 'a', role: 'assistant', content: '', status: AI_STATUS.streaming, error: null, model: usage.data?.model ?? null },
    ]);
    const patch = (f: (a: Shown) => Shown) => setLive((l) => (l.length === 2 ? [l[0], f(l[1])] : l));
    let conversationId = openId;
    try {
      await askStream(
        { ...(openId ? { conversationId: openId } : {}), question: q },
        (event, data) => {
          if (event === 'conversation') conversationId = (data as { id: string }).id;
          else if (event === 'tool') patch((a) => ({ ...a, tool: `${(data as { label: string }).label}…` }));
          else if (event === 'delta') patch((a) => ({ ...a, content: a.content + (data as { text: string }).text, tool: undefined }));
          else if (event === 'error') patch((a) => ({ ...a, status: AI_STATUS.failed, error: (data as { msg: string }).msg }));
          else if (event === 'done') patch((a) => ({ ...a, status: (data as { status: number }).status }));
        },
        controller.signal,
      );
      if (controller.signal.aborted) patch((a) => ({ ...a, status: AI_STATUS.stopped }));
    } catch (e) {
      tellUnhandled(e);
      setLive([]);
      setQuestion(q);
    } finally {
      streaming.current = null;
      setBusy(false);
    }
    // What was said is stored: show the stored conversation (a stop is recorded by the server too).
    if (conversationId) {
      await qc.invalidateQueries({ queryKey: aiKeys.conversations });
      await qc.invalidateQueries({ queryKey: aiKeys.usage });
      await qc.fetchQuery({ queryKey: aiKeys.messages(conversationId), queryFn: () => aiApi.messages(conversationId!) }).catch(() => undefined);
      // A stopped answer may not be recorded as stopped yet when it is read back: it was stopped here.
      if (controller.signal.aborted)
        qc.setQueryData<AiMessage[]>(aiKeys.messages(conversationId), (ms) =>
          ms?.map((m, i) => (i === ms.length - 1 && m.status === AI_STATUS.streaming ? { ...m, status: AI_STATUS.stopped } : m)),
        );
      setOpenId(conversationId);
      setLive([]);
    }
  };

  const rename = async () => {
    if (!renaming) return;
    const title = renaming.title.trim();
    if (!title) return void message.warning(AI_MSG.titleRequired);
    try {
      await aiApi.rename(renaming.id, title);
      message.success(AI_MSG.renamed);
      setRenaming(null);
      await qc.invalidateQueries({ queryKey: aiKeys.conversations });
    } catch (e) {
      tellUnhandled(e);
    }
  };

  const remove = async (id: string) => {
    try {
      await aiApi.remove(id);
      message.success('删除成功');
      if (openId === id) open(null);
      await qc.invalidateQueries({ queryKey: aiKeys.conversations });
    } catch (e) {
      tellUnhandled(e);
    }
  };

  const list = conversations.data?.records ?? [];
  return (
    <div className="ai-page">
      <nav className="ai-page__side" aria-label="我的对话">
        <Button type="primary" icon={<PlusOutlined />} block onClick={() => open(null)} disabled={busy} data-testid="ai-new">
          新对话
        </Button>
        {conversations.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : conversations.isError ? (
          <Alert type="error" showIcon title="对话列表加载失败" />
        ) : !list.length ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有对话" />
        ) : (
          <ul className="ai-page__list" data-testid="ai-conversations">
            {list.map((c) => (
              <li key={c.id} className={c.id === openId ? 'is-open' : undefined}>
                {renaming?.id === c.id ? (
                  <Space.Compact block>
                    <Input
                      aria-label="对话名称"
                      size="small"
                      maxLength={AI_TITLE_MAX}
                      value={renaming.title}
                      autoFocus
                      onChange={(e) => setRenaming({ id: c.id, title: e.target.value })}
                      onPressEnter={rename}
                      onKeyDown={(e) => e.key === 'Escape' && setRenaming(null)}
                      data-testid="ai-rename-input"
                    />
                    <Button size="small" type="primary" onClick={rename} data-testid="ai-rename-save">
                      保存
                    </Button>
                  </Space.Compact>
                ) : (
                  <>
                    <button
                      type="button"
                      className="ai-page__item"
                      aria-current={c.id === openId ? 'true' : undefined}
                      onClick={() => open(c.id)}
                      data-testid={`ai-conversation-${c.id}`}
                    >
                      <span className="ai-page__title">{c.title}</span>
                      <span className="ai-page__time">{c.updateTime}</span>
                    </button>
                    <Button
                      size="small"
                      type="text"
                      icon={<EditOutlined />}
                      aria-label={`重命名 ${c.title}`}
                      onClick={() => setRenaming({ id: c.id, title: c.title })}
                    />
                    <Popconfirm title="确定删除该对话?" okText="确定" cancelText="取消" onConfirm={() => remove(c.id)}>
                      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除 ${c.title}`} />
                    </Popconfirm>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </nav>
      <section className="ai-page__main" aria-label="AI 对话">
        <header className="ai-page__head">
          <Typography.Title level={4} style={{ margin: 0 }}>
            AI 助手
          </Typography.Title>
          {usage.data && (
            <span className="ai-page__usage" data-testid="ai-usage">
              {usage.data.model} · 本单位本月已用 {usage.data.used}/{usage.data.limit} 次
            </span>
          )}
        </header>
        <div className="ai-page__messages" role="log" aria-live="polite" aria-busy={busy} data-testid="ai-messages">
          {openId && stored.isPending && !live.length ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : openId && stored.isError ? (
            <Alert type="error" showIcon title="对话加载失败" />
          ) : !shown.length ? (
            <div className="ai-page__welcome">
              <Typography.Paragraph>您好,我是平台的 AI 助手,可以依据您数据范围内的数据回答问题。试试这样问:</Typography.Paragraph>
              <Space wrap>
                {EXAMPLES.map((e) => (
                  <Button key={e} onClick={() => ask(e)} data-testid="ai-example">
                    {e}
                  </Button>
                ))}
              </Space>
            </div>
          ) : (
            shown.map((m, i) =>
              m.role === 'user' ? (
                <div key={`${m.id}-${i}`} className="ai-msg ai-msg--user" data-testid="ai-question">
                  {m.content}
                </div>
              ) : (
                <Answer key={`${m.id}-${i}`} m={m} />
              ),
            )
          )}
          <div ref={bottom} />
        </div>
        <form
          className="ai-page__ask"
          onSubmit={(e) => {
            e.preventDefault();
            void ask(question);
          }}
        >
          <Input.TextArea
            aria-label="向AI助手提问"
            placeholder="输入问题,Enter 发送,Shift+Enter 换行"
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={AI_QUESTION_MAX}
            showCount
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
                e.preventDefault();
                void ask(question);
              }
            }}
            data-testid="ai-input"
          />
          {busy ? (
            <Button danger onClick={() => streaming.current?.abort()} data-testid="ai-stop">
              停止
            </Button>
          ) : (
            <Button type="primary" htmlType="submit" data-testid="ai-send">
              发送
            </Button>
          )}
        </form>
      </section>
    </div>
  );
}
