import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Drawer, Input, InputNumber } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { LEADER_YEAR_MAX, LEADER_YEAR_MIN, historySubmit } from '@gsl/contract';
import { associationKeys, historyApi, historyDetail, type HistoryView } from '../../../api/association';
import { useCan } from '../../../components/Access';
import { LoadError } from '../../../components/LoadError';
import { CrudTable } from '../../../components/crud/CrudTable';
import { schemaField } from '../../../components/crud/formFields';
import type { CrudFormField } from '../../../components/crud/types';
import { OrgPicker, useOrgChoice } from '../OrgPicker';
import '../association.css';

const shape = historySubmit.shape;
const MENU = 'association_history';

const columns: ColumnsType<HistoryView> = [
  { key: 'eventDate', dataIndex: 'eventDate', title: '发生日期', width: 120 },
  { key: 'title', dataIndex: 'title', title: '标题', width: 280, minWidth: 160 },
  { key: 'content', dataIndex: 'content', title: '内容', width: 360, minWidth: 160, render: (v: string | null) => v ?? '-' },
  { key: 'updateTime', dataIndex: 'updateTime', title: '更新时间', width: 170, render: (v: string | null) => v ?? '-' },
];

/** The event form (contract historySubmit): 发生日期 and 标题 required, 内容 up to 5,000 characters. */
const FIELDS: CrudFormField[] = [
  {
    name: 'eventDate',
    label: '发生日期',
    required: true,
    validateTrigger: ['onChange', 'onBlur'],
    rules: [{ required: true, message: '请选择发生日期' }],
    input: <DatePicker placeholder="请选择发生日期" style={{ width: '100%' }} data-testid="history-form-eventDate" />,
  },
  schemaField('title', '标题', shape.title, { required: true, maxLength: 200, placeholder: '请输入大事记标题', testId: 'history-form-title' }),
  schemaField('content', '内容', shape.content, {
    input: <Input.TextArea placeholder="请输入内容" autoSize={{ minRows: 4, maxRows: 12 }} maxLength={5000} showCount data-testid="history-form-content" />,
  }),
];

/** 详情: one event as associationhistory/detail answers it. */
function HistoryDetail({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useQuery({
    queryKey: [...associationKeys.history, 'detail', id],
    queryFn: ({ signal }) => historyDetail(id as string, signal),
    enabled: Boolean(id),
  });
  return (
    <Drawer open={Boolean(id)} onClose={onClose} title="大事记详情" size="large" data-testid="history-detail">
      {detail.isPending ? null : detail.isError || !detail.data ? (
        <LoadError onRetry={detail.refetch} />
      ) : (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={[
            { key: 'org', label: '组织', children: detail.data.deptName ?? '-' },
            { key: 'date', label: '发生日期', children: detail.data.eventDate },
            { key: 'title', label: '标题', children: detail.data.title },
            { key: 'content', label: '内容', children: <div className="history-detail__content">{detail.data.content ?? '-'}</div> },
            { key: 'time', label: '更新时间', children: detail.data.updateTime ?? '-' },
          ]}
        />
      )}
    </Drawer>
  );
}

/**
 * 大事记 at /portal/myApp/associationHistory (menu association_history; specification §7 ai-resume
 * associationhistory list and detail): an org's events, newest first, searched by title and year;
 * 新增 / 编辑 / 删除 behind the menu's buttons and 详情 with the whole text.
 */
export default function HistoryPage() {
  const can = useCan();
  const [picked, setPicked] = useState<string>();
  const [opened, setOpened] = useState<string | null>(null);
  const { tree, choices, chosen } = useOrgChoice(picked);
  return (
    <Card data-testid="history-page" title={<h2 className="leader-page__title">大事记</h2>}>
      <OrgPicker tree={tree} choices={choices} value={chosen?.value} onChange={setPicked} testId="history-org" />
      {chosen && (
        <CrudTable<HistoryView, Record<string, unknown>>
          key={chosen.value}
          testId="history"
          api={historyApi}
          columns={columns}
          fields={FIELDS}
          filters={{ deptId: chosen.value }}
          search={[
            { name: 'title', label: '标题' },
            {
              name: 'year',
              label: '年度',
              input: (
                <InputNumber
                  min={LEADER_YEAR_MIN}
                  max={LEADER_YEAR_MAX}
                  precision={0}
                  placeholder="请输入年度"
                  aria-label="年度"
                  data-testid="history-search-year"
                />
              ),
            },
          ]}
          permissions={{ add: `${MENU}_add`, edit: `${MENU}_edit`, delete: `${MENU}_delete` }}
          toFormValues={(row) => ({ eventDate: dayjs(row.eventDate), title: row.title, content: row.content ?? undefined })}
          fromFormValues={(values) => ({
            deptId: chosen.value,
            eventDate: (values.eventDate as Dayjs).format('YYYY-MM-DD'),
            title: values.title,
            content: typeof values.content === 'string' && values.content.trim() !== '' ? values.content : null,
          })}
          rowActionLabels={can(`${MENU}_view`) || can(MENU) ? ['详情'] : []}
          rowActions={(row) => (
            <Button type="link" size="small" onClick={() => setOpened(row.id)} data-testid={`history-detail-${row.id}`} aria-label={`${row.title}详情`}>
              详情
            </Button>
          )}
        />
      )}
      <HistoryDetail id={opened} onClose={() => setOpened(null)} />
    </Card>
  );
}
