import { Alert, Card, Col, Descriptions, Empty, Row, Skeleton, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import { useCrudList } from '../../../api/crud';
import { mySuggestionApi, useCustomer, useSixQuestions, type SuggestionView } from '../../../api/support/support';
import { SuggestionForm } from './SuggestionForm';
import './cases.css';

const QUESTIONS_PATH = '/portal/cases/questionsDetail';

const MY_COLUMNS: ColumnsType<SuggestionView> = [
  { key: 'content', dataIndex: 'content', title: '内容', ellipsis: true },
  { key: 'createTime', dataIndex: 'createTime', title: '提交时间', width: 170 },
  {
    key: 'status',
    dataIndex: 'statusName',
    title: '状态',
    width: 90,
    render: (name: string, row) => <Tag color={row.status === 1 ? 'success' : 'processing'}>{name}</Tag>,
  },
  { key: 'reply', dataIndex: 'reply', title: '回复', render: (v: string | null) => v ?? '-' },
];

function CustomerCard() {
  const customer = useCustomer();
  if (customer.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
  if (customer.isError) return <Alert type="error" showIcon title="客服信息加载失败" />;
  const c = customer.data;
  if (!c || Object.values(c).every((v) => !v)) return <Empty description="暂未设置客服联系方式" />;
  return (
    <Descriptions column={1} size="small" data-testid="customer-info">
      {c.name && <Descriptions.Item label="客服">{c.name}</Descriptions.Item>}
      {c.phone && <Descriptions.Item label="电话">{c.phone}</Descriptions.Item>}
      {c.email && <Descriptions.Item label="邮箱">{c.email}</Descriptions.Item>}
      {c.serviceTime && <Descriptions.Item label="服务时间">{c.serviceTime}</Descriptions.Item>}
      {c.address && <Descriptions.Item label="地址">{c.address}</Descriptions.Item>}
    </Descriptions>
  );
}

function SixQuestions() {
  const six = useSixQuestions();
  if (six.isPending) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (six.isError) return <Alert type="error" showIcon title="常见问题加载失败" />;
  if (!six.data.length) return <Empty description="暂无常见问题" />;
  return (
    <ul className="cases-list" data-testid="six-questions">
      {six.data.map((q) => (
        <li key={q.id}>
          <Link to={`${QUESTIONS_PATH}?id=${q.id}`}>{q.question}</Link>
          {q.category && <Tag style={{ marginInlineStart: 8 }}>{q.category}</Tag>}
        </li>
      ))}
    </ul>
  );
}

function MySuggestions() {
  const list = useCrudList(mySuggestionApi, { current: 1, size: 10 });
  if (list.isError) return <Alert type="error" showIcon title="我的意见建议加载失败" />;
  return (
    <Table<SuggestionView>
      data-testid="my-suggestions"
      rowKey="id"
      size="small"
      loading={list.isPending}
      columns={MY_COLUMNS}
      dataSource={list.data?.records ?? []}
      pagination={false}
      locale={{ emptyText: '您还没有提交过意见建议' }}
    />
  );
}

/** 客服中心 (/portal/cases): the support desk's contacts, six common questions, and the suggestions box. */
export default function CasesPage() {
  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={4}>客服中心</Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card title="联系客服">
            <CustomerCard />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card title="常见问题" extra={<Link to={QUESTIONS_PATH}>查看全部问题</Link>}>
            <SixQuestions />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="意见建议">
            <SuggestionForm />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="我的意见建议">
            <MySuggestions />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
