import { useState, type ReactNode } from 'react';
import { Badge, Empty, Input, Pagination, Segmented, Spin } from 'antd';
import { CHAT_LINE_DEFS, type ChatLine } from '@gsl/contract';
import { useChatSearch, useContactList, useLineList } from '../../../../api/myday/chat';
import { LoadError } from '../../../../components/LoadError';
import { emptyLineText, unreadLabel } from './directLineLogic';

/** Who is opened in the conversation pane; `fromDirectory` adds them to the conversations first (contact/add). */
export interface Opened {
  userId: string;
  name: string;
  deptName: string | null;
  fromDirectory?: boolean;
}

type View = 'directory' | 'recent' | 'search';
const VIEWS: Array<{ value: View; label: string }> = [
  { value: 'directory', label: '通讯录' },
  { value: 'recent', label: '最近会话' },
  { value: 'search', label: '查找消息' },
];
const PAGE_SIZE = 20;

function UnreadBadge({ n }: { n: number }) {
  if (!n) return null;
  return (
    <span className="dl-entry__badge">
      <Badge count={n} overflowCount={99} color="#cf1322" aria-hidden />
      <span className="direct-line__sr">{unreadLabel(n)}</span>
    </span>
  );
}

/** One person of a list: a button when they can be chatted with, plain text otherwise (企业直通车 without an account). */
function Entry(props: {
  name: string;
  sub: string | null;
  extra?: string | null;
  time?: string | null;
  unread?: number;
  active?: boolean;
  onOpen?: () => void;
  note?: string;
  testId: string;
}) {
  const body = (
    <>
      <span className="dl-entry__main">
        <span className="dl-entry__name">{props.name || '(未登记联系人)'}</span>
        {props.sub && <span className="dl-entry__sub">{props.sub}</span>}
        {props.extra && <span className="dl-entry__sub">{props.extra}</span>}
        {props.note && <span className="dl-entry__note">{props.note}</span>}
      </span>
      <span className="dl-entry__side">
        {props.time && <span className="dl-entry__time">{props.time.slice(5, 16)}</span>}
        <UnreadBadge n={props.unread ?? 0} />
      </span>
    </>
  );
  return (
    <li className={props.active ? 'dl-entry dl-entry--active' : 'dl-entry'} data-testid={props.testId}>
      {props.onOpen ? (
        <button type="button" className="dl-entry__button" onClick={props.onOpen} aria-current={props.active ? 'true' : undefined}>
          {body}
        </button>
      ) : (
        <div className="dl-entry__button dl-entry__button--static">{body}</div>
      )}
    </li>
  );
}

function Listing<T>(props: {
  query: { isPending: boolean; isError: boolean; isFetching: boolean; data?: { records: T[]; total: number }; refetch: () => unknown };
  empty: string;
  render: (row: T) => ReactNode;
  page?: { current: number; onChange: (p: number) => void };
  label: string;
}) {
  const { query } = props;
  if (query.isError && !query.data) return <LoadError onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Spin className="dl-list__spin" />;
  const records = query.data?.records ?? [];
  return (
    <>
      {records.length ? (
        <ul className="dl-list" aria-label={props.label} aria-busy={query.isFetching}>
          {records.map(props.render)}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty} />
      )}
      {props.page && (query.data?.total ?? 0) > PAGE_SIZE && (
        <Pagination
          simple
          size="small"
          current={props.page.current}
          pageSize={PAGE_SIZE}
          total={query.data?.total}
          onChange={props.page.onChange}
          className="dl-list__pages"
        />
      )}
    </>
  );
}

/** The left side of a direct line: the line's people (通讯录), the line's conversations (最近会话), and search. */
export function ContactPane({ line, openedId, onOpen }: { line: ChatLine; openedId: string | null; onOpen: (o: Opened) => void }) {
  const [view, setView] = useState<View>('directory');
  const [name, setName] = useState('');
  const [current, setCurrent] = useState(1);
  const [keyword, setKeyword] = useState('');
  const [searchPage, setSearchPage] = useState(1);
  const directory = useLineList(line, { current, size: PAGE_SIZE, name });
  const recent = useContactList({ current: 1, size: 50, type: line });
  const found = useChatSearch({ keyword, current: searchPage, size: PAGE_SIZE }, view === 'search' && keyword.trim() !== '');
  const def = CHAT_LINE_DEFS[line];

  return (
    <aside className="direct-line__aside" aria-label={`${def.name}联系人`}>
      <Segmented<View> block options={VIEWS} value={view} onChange={setView} aria-label="联系人视图" data-testid="dl-view" />
      {view === 'directory' && (
        <>
          <Input.Search
            allowClear
            placeholder="姓名或机构"
            aria-label="按姓名或机构查找联系人"
            className="dl-search"
            maxLength={100}
            onSearch={(v) => {
              setName(v.trim());
              setCurrent(1);
            }}
            data-testid="dl-directory-search"
          />
          <Listing
            query={directory}
            label={`${def.name}通讯录`}
            empty={emptyLineText(line, name !== '')}
            page={{ current, onChange: setCurrent }}
            render={(r) => (
              <Entry
                key={r.id}
                testId={`dl-person-${r.id}`}
                name={r.name}
                sub={r.enterpriseName ?? r.deptName}
                extra={r.enterpriseName ? [r.deptName, r.phone].filter(Boolean).join(' ') : null}
                time={r.lastTime}
                unread={r.unread}
                active={r.userId !== null && r.userId === openedId}
                note={r.userId ? undefined : '未开通账号,无法在线沟通'}
                onOpen={r.userId ? () => onOpen({ userId: r.userId!, name: r.name, deptName: r.enterpriseName ?? r.deptName, fromDirectory: true }) : undefined}
              />
            )}
          />
        </>
      )}
      {view === 'recent' && (
        <Listing
          query={recent}
          label={`${def.name}最近会话`}
          empty="暂无会话"
          render={(c) => (
            <Entry
              key={c.id}
              testId={`dl-contact-${c.recipientId}`}
              name={c.name}
              sub={c.deptName}
              extra={c.lastContent ? `${c.lastFromMe ? '我:' : ''}${c.lastContent}` : null}
              time={c.lastTime}
              unread={c.unread}
              active={c.recipientId === openedId}
              onOpen={() => onOpen({ userId: c.recipientId, name: c.name, deptName: c.deptName })}
            />
          )}
        />
      )}
      {view === 'search' && (
        <>
          <Input.Search
            allowClear
            placeholder="消息内容"
            aria-label="查找消息内容"
            className="dl-search"
            maxLength={100}
            onSearch={(v) => {
              setKeyword(v.trim());
              setSearchPage(1);
            }}
            data-testid="dl-message-search"
          />
          {keyword ? (
            <Listing
              query={found}
              label="查找结果"
              empty="没有找到相关消息"
              page={{ current: searchPage, onChange: setSearchPage }}
              render={(m) => (
                <Entry
                  key={m.id}
                  testId={`dl-hit-${m.id}`}
                  name={m.contactName}
                  sub={m.deptName}
                  extra={`${m.fromMe ? '我:' : ''}${m.content}`}
                  time={m.createTime}
                  onOpen={() => onOpen({ userId: m.contactId, name: m.contactName, deptName: m.deptName })}
                />
              )}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="输入内容查找我的消息" />
          )}
        </>
      )}
    </aside>
  );
}
