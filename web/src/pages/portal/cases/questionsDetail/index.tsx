import { useState } from 'react';
import { Alert, Button, Card, Col, Empty, Input, Pagination, Row, Skeleton, Spin, Tag, Typography } from 'antd';
import '../cases.css';
import { useSearchParams } from 'react-router';
import { useCrudList } from '../../../../api/crud';
import { questionApi, useQuestion } from '../../../../api/support/support';

const PAGE_SIZE = 10;

function QuestionDetail({ id }: { id: string | undefined }) {
  const q = useQuestion(id);
  if (!id) return <Empty description="请在左侧选择一个问题查看解答" />;
  if (q.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  if (q.isError || !q.data) return <Alert type="error" showIcon title="该问题不存在或已删除" />;
  return (
    <article data-testid="question-detail" aria-live="polite">
      <Typography.Title level={5}>
        {q.data.question}
        {q.data.category && <Tag style={{ marginInlineStart: 8 }}>{q.data.category}</Tag>}
      </Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{q.data.answer}</Typography.Paragraph>
      <Typography.Text type="secondary">更新时间:{q.data.updateTime ?? '-'}</Typography.Text>
    </article>
  );
}

/** 常见问题 (/portal/cases/questionsDetail): every question with search (问题或解答包含), and one's answer (?id=). */
export default function QuestionsDetailPage() {
  const [params, setParams] = useSearchParams();
  const selected = params.get('id') ?? undefined;
  const [keyword, setKeyword] = useState('');
  const [current, setCurrent] = useState(1);
  const list = useCrudList(questionApi, { current, size: PAGE_SIZE, keyword: keyword || undefined });

  const select = (id: string) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.set('id', id);
      return next;
    });

  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={4}>常见问题</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card>
            <Input.Search
              aria-label="搜索常见问题"
              placeholder="输入关键字搜索问题或解答"
              allowClear
              maxLength={50}
              enterButton="搜索"
              data-testid="question-search"
              onSearch={(v) => {
                setKeyword(v.trim());
                setCurrent(1);
              }}
            />
            {list.isError ? (
              <Alert style={{ marginTop: 12 }} type="error" showIcon title="常见问题加载失败" />
            ) : (
              <Spin spinning={list.isFetching}>
                {(list.data?.records ?? []).length === 0 ? (
                  <Empty style={{ marginTop: 12 }} description={list.isPending ? '加载中' : keyword ? '没有找到相关问题' : '暂无常见问题'} />
                ) : (
                  <ul className="cases-list" data-testid="question-list">
                    {(list.data?.records ?? []).map((q) => (
                      <li key={q.id}>
                        <Button
                          type="link"
                          style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start', fontWeight: q.id === selected ? 600 : undefined }}
                          aria-current={q.id === selected ? 'true' : undefined}
                          onClick={() => select(q.id)}
                        >
                          {q.question}
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
                {(list.data?.total ?? 0) > PAGE_SIZE && (
                  <Pagination size="small" current={current} pageSize={PAGE_SIZE} total={list.data?.total ?? 0} onChange={setCurrent} showSizeChanger={false} />
                )}
              </Spin>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="解答">
            <QuestionDetail id={selected} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
