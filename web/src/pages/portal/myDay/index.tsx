import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Card, Col, Empty, Form, Input, Row, Skeleton, Tag } from 'antd';
import {
  ApartmentOutlined,
  BankOutlined,
  CheckSquareOutlined,
  EditOutlined,
  FileDoneOutlined,
  FormOutlined,
  MailOutlined,
  MessageOutlined,
  PlusOutlined,
  RightOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { MYDAY_MSG, NOTE_MAX_LENGTH, type InboxView, type PendingView } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { useCrudList } from '../../../api/crud';
import { markRead, messageKeys, useInboxList } from '../../../api/message/message';
import { mydayKeys, notepadApi, useNotesOn, usePending } from '../../../api/myday/myday';
import { useDeptInfo } from '../../../api/portal/deptInfo';
import { versionLogApi } from '../../../api/system/versionLog';
import { LoadError } from '../../../components/LoadError';
import { useLiveEvent } from '../../../utils/liveEvents';
import { useSession } from '../../../utils/useSession';
import { dayOf, dayTitle, greeting, pendingSummary, SHORTCUTS } from './myDayLogic';
import './myDay.css';

/** The fill-in entry and its period dialog (specification §4), loaded with its own chunk. */
const FillInEntry = lazy(() => import('../../fillin/FillInEntry').then((m) => ({ default: m.FillInEntry })));

/** A card of the page: its heading is a real heading (h2) so the page can be read by headings. */
function Panel({ title, extra, testId, children }: { title: string; extra?: ReactNode; testId: string; children: ReactNode }) {
  const id = `${testId}-title`;
  return (
    <Card
      className="myday__card"
      title={
        <h2 className="myday__h2" id={id}>
          {title}
        </h2>
      }
      extra={extra}
      data-testid={testId}
      role="region"
      aria-labelledby={id}
    >
      {children}
    </Card>
  );
}

const MoreLink = ({ to, children, testId }: { to: string; children: ReactNode; testId: string }) => (
  <Link to={to} className="myday__more" data-testid={testId}>
    {children}
    <RightOutlined aria-hidden />
  </Link>
);

const PENDING_ICONS: Record<string, ReactNode> = {
  msg: <MailOutlined />,
  profile: <FileDoneOutlined />,
  chat: <MessageOutlined />,
  fill: <FormOutlined />,
};
const pendingIcon = (key: string) => PENDING_ICONS[key.split('.')[0]] ?? <CheckSquareOutlined />;

const SHORTCUT_ICONS: Record<string, ReactNode> = {
  team: <TeamOutlined />,
  bank: <BankOutlined />,
  apartment: <ApartmentOutlined />,
  shop: <ShopOutlined />,
  edit: <EditOutlined />,
  mail: <MailOutlined />,
};

/** 待办: each kind with its count, a link to where it is done; an empty day says so. */
function PendingPanel() {
  const pending = usePending();
  const items = pending.data ?? [];
  const { total } = pendingSummary(pending.data);
  return (
    <Panel title="待办" testId="myday-pending" extra={pending.isSuccess && total > 0 && <span className="myday__total">共 {total} 项</span>}>
      {pending.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : pending.isError ? (
        <LoadError onRetry={pending.refetch} testId="myday-pending-error" />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MYDAY_MSG.emptyDay} data-testid="myday-pending-empty" />
      ) : (
        <ul className="myday__todos">
          {items.map((item: PendingView) => (
            <li key={item.key}>
              <Link to={item.path} className="myday__todo" data-testid={`myday-todo-${item.key}`} aria-label={`${item.title} ${item.count} 项`}>
                <span className="myday__todo-icon" aria-hidden>
                  {pendingIcon(item.key)}
                </span>
                <span className="myday__todo-title">{item.title}</span>
                {item.latestTime && <span className="myday__muted myday__todo-time">{item.latestTime.slice(0, 16)}</span>}
                <span className="myday__count" data-testid={`myday-todo-count-${item.key}`}>
                  {item.count}
                </span>
                <RightOutlined aria-hidden className="myday__muted" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** 今日记事: the notes whose reminder is today, and a quick add for today. */
function NotesPanel({ today }: { today: string }) {
  const client = useQueryClient();
  const notes = useNotesOn(today);
  const [form] = Form.useForm<{ content: string }>();
  const [saving, setSaving] = useState(false);
  const add = ({ content }: { content: string }) => {
    setSaving(true);
    notepadApi
      .submit({ content: content.trim(), remindDate: today })
      .then(({ msg }) => {
        toast.success(msg);
        form.resetFields();
      }, tellUnhandled)
      .finally(() => {
        setSaving(false);
        void client.invalidateQueries({ queryKey: mydayKeys.notepad });
      });
  };
  const records = notes.data?.records ?? [];
  return (
    <Panel
      title="今日记事"
      testId="myday-notes"
      extra={
        <MoreLink to="/portal/myDay/notepadList" testId="myday-notes-all">
          全部记事
        </MoreLink>
      }
    >
      <Form form={form} layout="inline" className="myday__quick" onFinish={add} data-testid="myday-note-form">
        <Form.Item
          name="content"
          className="myday__quick-input"
          rules={[
            { required: true, whitespace: true, message: MYDAY_MSG.noteRequired },
            { max: NOTE_MAX_LENGTH, message: MYDAY_MSG.noteTooLong },
          ]}
          validateTrigger="onSubmit"
        >
          <Input aria-label="今日记事内容" placeholder="记下今天要做的事" maxLength={NOTE_MAX_LENGTH} data-testid="myday-note-input" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={saving} data-testid="myday-note-add">
            添加
          </Button>
        </Form.Item>
      </Form>
      {notes.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : notes.isError ? (
        <LoadError onRetry={notes.refetch} testId="myday-notes-error" />
      ) : records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="今天没有提醒的记事" data-testid="myday-notes-empty" />
      ) : (
        <ul className="myday__notes" data-testid="myday-notes-list">
          {records.map((n) => (
            <li key={n.id} className="myday__note">
              {n.content}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** 最新消息: the newest five notices, the unread marked (a dot and the word), read from here or in 消息. */
function NoticesPanel() {
  const client = useQueryClient();
  const list = useInboxList({ current: 1, size: 5, descs: 'createTime' });
  const read = (m: InboxView) =>
    markRead(m.id).then(() => {
      void client.invalidateQueries({ queryKey: messageKeys.inbox });
      void client.invalidateQueries({ queryKey: messageKeys.unread });
      void client.invalidateQueries({ queryKey: mydayKeys.pending });
    }, tellUnhandled);
  const records = list.data?.records ?? [];
  return (
    <Panel
      title="最新消息"
      testId="myday-notices"
      extra={
        <MoreLink to="/portal/myDay/bigmsg" testId="myday-notices-all">
          查看全部
        </MoreLink>
      }
    >
      {list.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : list.isError ? (
        <LoadError onRetry={list.refetch} testId="myday-notices-error" />
      ) : records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无消息" data-testid="myday-notices-empty" />
      ) : (
        <ul className="myday__notices">
          {records.map((m) => (
            <li key={m.id} className={m.isRead ? 'myday__notice' : 'myday__notice myday__notice--unread'} data-testid={`myday-notice-${m.id}`}>
              {m.isRead ? <Badge status="default" text="已读" /> : <Badge status="processing" text="未读" />}
              <Link to="/portal/myDay/bigmsg" className="myday__notice-title" title={m.title ?? undefined}>
                {m.title || m.content.slice(0, 40)}
              </Link>
              <span className="myday__muted">{m.createTime?.slice(0, 10)}</span>
              {!m.isRead && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => void read(m)}
                  aria-label={`标为已读 ${m.title ?? ''}`}
                  data-testid={`myday-notice-read-${m.id}`}
                >
                  标为已读
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** 版本更新: the newest entry of the version log, and the way to the whole log. */
function VersionPanel() {
  const latest = useCrudList(versionLogApi, { current: 1, size: 1 });
  const v = latest.data?.records[0];
  return (
    <Panel
      title="版本更新"
      testId="myday-version"
      extra={
        <MoreLink to="/portal/myDay/versionList" testId="myday-version-all">
          更新日志
        </MoreLink>
      }
    >
      {latest.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : latest.isError ? (
        <LoadError onRetry={latest.refetch} testId="myday-version-error" />
      ) : !v ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无版本更新记录" />
      ) : (
        <div className="myday__version">
          <div>
            <Tag color="blue">v{v.versionNo.replace(/^v/, '')}</Tag>
            <strong>{v.title}</strong>
          </div>
          <div className="myday__muted">
            {v.updateTypeName} · {v.publishTime?.slice(0, 10)}
          </div>
          <p className="myday__version-content">{v.content}</p>
        </div>
      )}
    </Panel>
  );
}

function ShortcutsPanel() {
  return (
    <Panel title="快捷入口" testId="myday-shortcuts">
      <ul className="myday__shortcuts">
        {SHORTCUTS.map((s) => (
          <li key={s.path}>
            <Link to={s.path} className="myday__shortcut">
              <span className="myday__shortcut-icon" aria-hidden>
                {SHORTCUT_ICONS[s.icon]}
              </span>
              {s.title}
            </Link>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** The to-dos and the newest notices are asked for again when a live event says the work changed. */
function useLiveDay() {
  const client = useQueryClient();
  const pending = useCallback(() => void client.invalidateQueries({ queryKey: mydayKeys.pending }), [client]);
  const messages = useCallback(() => {
    pending();
    void client.invalidateQueries({ queryKey: messageKeys.inbox });
  }, [client, pending]);
  useLiveEvent('msg.received', messages);
  useLiveEvent('msg.read', messages);
  useLiveEvent('chat.message', pending);
  useLiveEvent('chat.read', pending);
  useLiveEvent('resync', messages);
}

/**
 * 我的一天 (specification §2 /portal/myDay index), the first page after signing on: a greeting with the
 * user's name and org, the to-dos (GET pending, kept live), today's notes with a quick add, the newest
 * notices, the newest version log entry, and shortcuts to the four direct lines, 记事本 and 消息.
 */
export default function MyDayPage() {
  const { user } = useSession();
  const dept = useDeptInfo();
  const now = useMemo(() => new Date(), []);
  const pending = usePending();
  useLiveDay();
  const summary = pendingSummary(pending.data);
  const name = user?.real_name || user?.account || '';
  const org = dept.data?.deptName || '';
  return (
    <div className="myday" data-testid="myday">
      <header className="myday__hello">
        <h1 className="myday__h1" data-testid="myday-greeting">
          {greeting(now)}
          {name && `，${name}`}
        </h1>
        <p className="myday__muted">
          {org && <span data-testid="myday-org">{org} · </span>}
          {dayTitle(now)}
          {pending.isSuccess && <span data-testid="myday-summary"> · {summary.text}</span>}
        </p>
      </header>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <div className="myday__column">
            <PendingPanel />
            <NoticesPanel />
          </div>
        </Col>
        <Col xs={24} lg={8}>
          <div className="myday__column">
            <Suspense fallback={null}>
              <FillInEntry />
            </Suspense>
            <NotesPanel today={dayOf(now)} />
            <ShortcutsPanel />
            <VersionPanel />
          </div>
        </Col>
      </Row>
    </div>
  );
}
