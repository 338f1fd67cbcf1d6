import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { LOG_MODES, MEMBER_KIND_LABELS, MEMBER_KINDS } from '@gsl/contract';
import { loggerPage } from '../../../../api/member';
import { usePagination } from '../../../../components/pagination';
import { LogTable } from '../ChangeLog';
import { DatabaseNav } from '../DatabaseNav';
import '../database.css';

interface LogFilters {
  tags?: string[];
  mode?: string;
  recordName?: string;
  recordId?: string;
  createName?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Form → query: empty fields dropped, tags comma-separated, the date range as createTime_dategt / _datelt. */
export function logQuery(values: LogFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (values.tags?.length) out.tags = values.tags.join(',');
  if (values.mode) out.mode = values.mode;
  for (const k of ['recordName', 'recordId', 'createName'] as const) {
    const v = values[k]?.trim();
    if (v) out[k] = v;
  }
  const [from, to] = values.range ?? [];
  if (from) out.createTime_dategt = from.startOf('day').format('YYYY-MM-DD HH:mm:ss');
  if (to) out.createTime_datelt = to.endOf('day').format('YYYY-MM-DD HH:mm:ss');
  return out;
}

/**
 * 变更记录 (/portal/database/log): the field-level change history of member records
 * (auto/logger/page) — who changed which field of which record from what to what, when — with the
 * record type tags (企业会员 / 团体会员 / 个人会员), operation, record name or number, operator and date.
 */
export default function MemberLogPage() {
  const [form] = Form.useForm<LogFilters>();
  const [filters, setFilters] = useState<Record<string, string>>({});
  const { query: page, pagination, reset } = usePagination();
  const query = { ...filters, ...page };
  const list = useQuery({ queryKey: ['member', 'log', 'page', query], queryFn: ({ signal }) => loggerPage(query, signal), placeholderData: keepPreviousData });
  const apply = (values: LogFilters) => {
    setFilters(logQuery(values));
    reset();
  };
  return (
    <div className="member-db" data-testid="member-log">
      <DatabaseNav />
      <Card size="small">
        <Form form={form} layout="inline" onFinish={apply} data-testid="member-log-search" className="member-db__search">
          <Form.Item name="tags" label="记录类型">
            <Select
              mode="multiple"
              allowClear
              placeholder="全部"
              style={{ minWidth: 200 }}
              options={MEMBER_KINDS.map((k) => ({ value: k, label: MEMBER_KIND_LABELS[k] }))}
              data-testid="member-log-tags"
            />
          </Form.Item>
          <Form.Item name="mode" label="操作类型">
            <Select allowClear placeholder="全部" style={{ width: 110 }} options={Object.entries(LOG_MODES).map(([value, label]) => ({ value, label }))} />
          </Form.Item>
          <Form.Item name="recordName" label="记录名称">
            <Input allowClear placeholder="请输入记录名称" data-testid="member-log-recordName" />
          </Form.Item>
          <Form.Item name="recordId" label="记录编号" rules={[{ pattern: /^\d{0,19}$/, message: '记录编号只能是数字' }]}>
            <Input allowClear placeholder="请输入记录编号" />
          </Form.Item>
          <Form.Item name="createName" label="操作人">
            <Input allowClear placeholder="请输入操作人" />
          </Form.Item>
          <Form.Item name="range" label="操作时间">
            <DatePicker.RangePicker />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="member-log-submit">
              搜索
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                apply({});
              }}
            >
              清空
            </Button>
          </Space>
        </Form>
        <LogTable list={list} pagination={pagination} withRecord testId="member-log-table" size="middle" style={{ marginTop: 12 }} />
      </Card>
    </div>
  );
}
