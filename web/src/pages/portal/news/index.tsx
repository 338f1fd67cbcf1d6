import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, DatePicker, Empty, Form, Input, Pagination, Popconfirm, Space, Spin, Statistic, Tag, Typography } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@gsl/contract';
import { newsKeys, removeNews, useNewsCounts, useNewsList, type NewsItemView } from '../../../api/news/news';
import { useCan } from '../../../components/Access';
import { ManualEntryDialog } from './ManualEntryDialog';
import { NewsByline, NewsTags } from './NewsMeta';
import './news.css';

interface Filters {
  keyword?: string;
  startDate?: string;
  endDate?: string;
}

/** Whether the item came after the previous visit (everything is new on the first one). */
const isNew = (item: NewsItemView, since: string | null | undefined) => since === null || (since !== undefined && (item.createTime ?? '') > since);

function NewsRow({ item, since, canRemove, onRemoved }: { item: NewsItemView; since: string | null | undefined; canRemove: boolean; onRemoved: () => void }) {
  const { message } = App.useApp();
  return (
    <li className="news-item" data-testid="news-item">
      <div className="news-item__head">
        {isNew(item, since) && (
          <Tag color="red" className="news-item__new">
            新
          </Tag>
        )}
        <Link to={`/portal/real-time-info2?id=${item.id}`} className="news-item__title">
          {item.title}
        </Link>
        {canRemove && (
          <Popconfirm
            title="确定将选择数据删除?"
            onConfirm={async () => {
              await removeNews(item.id);
              message.success('删除成功');
              onRemoved();
            }}
          >
            <Button type="link" size="small" danger aria-label={`删除 ${item.title}`}>
              删除
            </Button>
          </Popconfirm>
        )}
      </div>
      {item.summary && (
        <Typography.Paragraph className="news-item__summary" ellipsis={{ rows: 2 }}>
          {item.summary}
        </Typography.Paragraph>
      )}
      <Space wrap size={[12, 4]}>
        <NewsByline item={item} />
        <NewsTags item={item} />
      </Space>
    </li>
  );
}

/** 新闻 (/portal/real-time-info): 舆情监测 items in the caller's scope, newest first, with today's and since-last-visit counts. */
export default function NewsPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ keyword?: string; range?: [Dayjs | null, Dayjs | null] | null }>();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [entering, setEntering] = useState(false);
  const counts = useNewsCounts();
  const list = useNewsList({ ...page, ...filters });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: newsKeys.all });
  const records = list.data?.records ?? [];

  return (
    <div className="news-page">
      <Space className="news-page__head" align="center" wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          舆情监测
        </Typography.Title>
        <Statistic title="今日新增" value={counts.data?.today ?? '-'} suffix="条" data-testid="news-today" />
        <Statistic
          title={counts.data?.since ? `自上次访问(${counts.data.since})以来新增` : '自上次访问以来新增'}
          value={counts.data?.newSinceVisit ?? '-'}
          suffix="条"
          data-testid="news-since"
        />
        <Space style={{ marginInlineStart: 'auto' }}>
          <Button icon={<ReloadOutlined />} onClick={refresh}>
            刷新
          </Button>
          {can('portal_news_add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEntering(true)} data-testid="news-add">
              手工录入
            </Button>
          )}
        </Space>
      </Space>
      <Card size="small">
        <Form
          form={form}
          layout="inline"
          onFinish={(v) => {
            setFilters({
              keyword: v.keyword?.trim() || undefined,
              startDate: v.range?.[0]?.format('YYYY-MM-DD'),
              endDate: v.range?.[1]?.format('YYYY-MM-DD'),
            });
            setPage((p) => ({ ...p, current: 1 }));
          }}
        >
          <Form.Item name="keyword" label="关键字">
            <Input allowClear maxLength={50} placeholder="标题或摘要包含" data-testid="news-search-keyword" />
          </Form.Item>
          <Form.Item name="range" label="发布时间">
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" data-testid="news-search">
                搜索
              </Button>
              <Button
                onClick={() => {
                  form.resetFields();
                  setFilters({});
                  setPage((p) => ({ ...p, current: 1 }));
                }}
              >
                清空
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      <Card size="small" style={{ marginTop: 12 }}>
        {list.isError ? (
          <Alert type="error" showIcon title="资讯加载失败" action={<Button onClick={() => void list.refetch()}>重试</Button>} />
        ) : (
          <Spin spinning={list.isFetching}>
            {records.length === 0 ? (
              <Empty description={list.isPending ? '加载中' : filters.keyword || filters.startDate || filters.endDate ? '没有找到相关资讯' : '暂无资讯'} />
            ) : (
              <Badge.Ribbon text={`共 ${list.data?.total ?? 0} 条`} color="blue">
                <ul className="news-list" aria-label="资讯列表" data-testid="news-list">
                  {records.map((item) => (
                    <NewsRow
                      key={item.id}
                      item={item}
                      since={counts.isSuccess ? counts.data.since : undefined}
                      canRemove={can('portal_news_delete')}
                      onRemoved={refresh}
                    />
                  ))}
                </ul>
              </Badge.Ribbon>
            )}
            {(list.data?.total ?? 0) > 0 && (
              <Pagination
                style={{ marginTop: 12, textAlign: 'end' }}
                current={page.current}
                pageSize={page.size}
                total={list.data?.total ?? 0}
                pageSizeOptions={PAGE_SIZE_OPTIONS.map(String)}
                showSizeChanger
                showTotal={(total) => `共 ${total} 条`}
                onChange={(current, size) => setPage({ current: size === page.size ? current : 1, size })}
              />
            )}
          </Spin>
        )}
      </Card>
      <ManualEntryDialog
        open={entering}
        onClose={() => setEntering(false)}
        onSaved={() => {
          setEntering(false);
          refresh();
        }}
      />
    </div>
  );
}
