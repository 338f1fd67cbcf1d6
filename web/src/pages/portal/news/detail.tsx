import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Card, Descriptions, Empty, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, LinkOutlined } from '@ant-design/icons';
import { useNewsDetail } from '../../../api/news/news';
import { NewsByline, NewsTags } from './NewsMeta';
import './news.css';

/** 资讯详情 (/portal/real-time-info2?id=): an item's body, where it came from, and whom it names. */
export default function NewsDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('id') ?? undefined;
  const detail = useNewsDetail(id);
  const back = (
    <Link to="/portal/real-time-info">
      <ArrowLeftOutlined /> 返回新闻列表
    </Link>
  );
  let body;
  if (!id) body = <Empty description="请从新闻列表选择一条资讯" />;
  else if (detail.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (detail.isError || !detail.data) body = <Alert type="error" showIcon title="该资讯不存在、已删除或不在您的数据范围内" />;
  else {
    const item = detail.data;
    body = (
      <article data-testid="news-detail">
        <Typography.Title level={3}>{item.title}</Typography.Title>
        <Space direction="vertical" size={8} style={{ width: '100%' }}>
          <NewsByline item={item} />
          <NewsTags item={item} />
          {item.summary && item.summary !== item.content && <Alert type="info" title={item.summary} />}
          <Typography.Paragraph className="news-detail__body">{item.content ?? item.summary ?? ''}</Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'infoTime', label: '发布时间', children: item.infoTime ?? '-' },
              { key: 'createTime', label: item.isManual ? '录入时间' : '采集时间', children: item.createTime ?? '-' },
              {
                key: 'link',
                label: '原文链接',
                children: item.link ? (
                  <Button type="link" href={item.link} target="_blank" rel="noopener noreferrer" icon={<LinkOutlined />} style={{ padding: 0 }}>
                    查看原文
                  </Button>
                ) : (
                  '-'
                ),
              },
            ]}
          />
        </Space>
      </article>
    );
  }
  return (
    <div className="news-page">
      <Card title={back}>{body}</Card>
    </div>
  );
}
