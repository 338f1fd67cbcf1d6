import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Empty, Pagination, Skeleton, Space, Typography } from 'antd';
import { useMemberNews } from '../../../api/news/news';
import { NewsByline } from './NewsMeta';

const SIZE = 5;

/** 相关新闻 in a member's detail (企业会员 / 团体会员): the 舆情监测 items naming it, newest first. */
export default function MemberNews({ kind, memberId }: { kind: 'enterprise' | 'group'; memberId: string }) {
  const [current, setCurrent] = useState(1);
  const news = useMemberNews(kind, memberId, current, SIZE);
  const records = news.data?.records ?? [];
  return (
    <section aria-labelledby={`member-news-${memberId}`} data-testid="member-news" style={{ marginTop: 16 }}>
      <Typography.Title level={5} id={`member-news-${memberId}`}>
        相关新闻
      </Typography.Title>
      {news.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : news.isError ? (
        <Alert type="error" showIcon title="相关新闻加载失败" />
      ) : records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无提及该会员的新闻" />
      ) : (
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          <ul className="news-list" aria-label="相关新闻列表">
            {records.map((item) => (
              <li key={item.id} style={{ padding: '6px 0' }}>
                <Link to={`/portal/real-time-info2?id=${item.id}`}>{item.title}</Link>
                <div>
                  <NewsByline item={item} />
                </div>
              </li>
            ))}
          </ul>
          {(news.data?.total ?? 0) > SIZE && (
            <Pagination size="small" current={current} pageSize={SIZE} total={news.data?.total ?? 0} onChange={setCurrent} showSizeChanger={false} />
          )}
        </Space>
      )}
    </section>
  );
}
