import { useState } from 'react';
import { Alert, Button, Empty, Modal, Pagination, Radio, Skeleton, Tag } from 'antd';
import { CIRCLE_KIND_LABELS, type CircleItem, type CircleKind } from '@gsl/contract';
import { CIRCLE_PAGE_SIZE, failureText, useCircle } from './api';

const FILTERS: Array<{ value: CircleKind | 'all'; label: string }> = [
  { value: 'all', label: '全部' },
  { value: 'event', label: CIRCLE_KIND_LABELS.event },
  { value: 'news', label: CIRCLE_KIND_LABELS.news },
];

const excerpt = (text: string | null, max = 90) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max)}…` : t;
};

function Detail({ item, onClose }: { item: CircleItem | null; onClose: () => void }) {
  return (
    <Modal open={Boolean(item)} title={item?.title} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={720} destroyOnHidden>
      {item && (
        <div className="coc-circle-detail" data-testid="circle-detail">
          <p className="coc-circle-meta">
            <Tag color={item.kind === 'event' ? 'blue' : 'gold'}>{CIRCLE_KIND_LABELS[item.kind]}</Tag>
            <span>{item.chambers.join('、')}</span>
            <span>{item.time}</span>
            {item.sourceName && <span>来源:{item.sourceName}</span>}
          </p>
          <div className="coc-circle-content">{item.content || '暂无内容'}</div>
          {item.link && (
            <p>
              <a href={item.link} target="_blank" rel="noopener noreferrer">
                查看原文
              </a>
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}

/**
 * 商会圈 (/model/#/newPortal/cocCircle, banner 1): the latest 大事记 of the chambers inside the reader's scope
 * and the news naming them, newest first, ten a page; each item opens its whole text.
 */
export default function CocCircle() {
  const [kind, setKind] = useState<CircleKind | 'all'>('all');
  const [current, setCurrent] = useState(1);
  const [open, setOpen] = useState<CircleItem | null>(null);
  const q = useCircle(kind === 'all' ? undefined : kind, current);
  const data = q.data;

  return (
    <main className="coc-circle" aria-labelledby="coc-circle-title">
      <header className="coc-circle-head">
        <h1 id="coc-circle-title">商会圈</h1>
        <p className="coc-circle-sub">商会动态 · 交流互动</p>
        <Radio.Group
          aria-label="动态类型"
          optionType="button"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value);
            setCurrent(1);
          }}
          options={FILTERS}
        />
      </header>
      {q.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} data-testid="circle-loading" />
      ) : q.isError && !data ? (
        <Alert
          type="error"
          showIcon
          message="商会动态加载失败"
          description={failureText(q.error)}
          action={
            <Button size="small" onClick={() => void q.refetch()}>
              重试
            </Button>
          }
        />
      ) : !data || data.total === 0 ? (
        <Empty description="暂无商会动态" />
      ) : (
        <>
          {q.isError && <Alert type="warning" showIcon message={`刷新失败:${failureText(q.error)}`} />}
          <ul className="coc-circle-list" aria-label="商会动态" aria-busy={q.isFetching} data-testid="circle-list">
            {data.records.map((item) => (
              <li key={item.key}>
                <button type="button" className="coc-circle-item" onClick={() => setOpen(item)} data-testid="circle-item" data-kind={item.kind}>
                  <span className="coc-circle-item-head">
                    <Tag color={item.kind === 'event' ? 'blue' : 'gold'}>{CIRCLE_KIND_LABELS[item.kind]}</Tag>
                    <strong className="coc-circle-item-title">{item.title}</strong>
                  </span>
                  <span className="coc-circle-item-text">{excerpt(item.content)}</span>
                  <span className="coc-circle-meta">
                    <span>{item.chambers.join('、')}</span>
                    <span>{item.time}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Pagination
            className="coc-circle-pager"
            current={current}
            pageSize={CIRCLE_PAGE_SIZE}
            total={data.total}
            showSizeChanger={false}
            showTotal={(total) => `共 ${total} 条`}
            onChange={(p) => {
              setCurrent(p);
              window.scrollTo?.({ top: 0 });
            }}
          />
        </>
      )}
      <Detail item={open} onClose={() => setOpen(null)} />
    </main>
  );
}
