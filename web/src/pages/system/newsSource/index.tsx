import { App, Button, InputNumber, Select, Tag, Tooltip } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { newsSourceSubmit } from '@gsl/contract';
import { fetchSourceNow, newsKeys, newsSourceApi, type NewsSourceSubmit, type NewsSourceView } from '../../../api/news/news';
import { useCan } from '../../../components/Access';
import { CrudTable } from '../../../components/crud/CrudTable';
import { schemaField } from '../../../components/crud/formFields';
import type { CrudFormField } from '../../../components/crud/types';
import { KeywordCard } from './KeywordCard';

const shape = newsSourceSubmit.shape;
const YES_NO = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];

const FIELDS: CrudFormField[] = [
  schemaField('name', '来源名称', shape.name, { required: true, maxLength: 50, placeholder: '如 新华日报 江苏频道' }),
  schemaField('url', '订阅地址', shape.url, { required: true, maxLength: 500, placeholder: 'RSS 或 Atom 地址, https://…' }),
  schemaField('intervalMinutes', '抓取间隔(分钟)', shape.intervalMinutes, {
    required: true,
    input: <InputNumber min={5} max={1440} precision={0} style={{ width: '100%' }} />,
  }),
  schemaField('enabled', '启用', shape.enabled, { required: true, input: <Select options={YES_NO} /> }),
  schemaField('matchOnly', '仅保留命中', shape.matchOnly, {
    required: true,
    input: (
      <Select
        options={[
          { value: 1, label: '仅保留提及关键词、组织或会员的资讯' },
          { value: 0, label: '保留全部资讯' },
        ]}
      />
    ),
  }),
];

const STATUS_COLORS: Record<string, string> = { ok: 'success', not_modified: 'default', rate_limited: 'warning', error: 'error', pending: 'processing' };

/** 舆情来源 at /system/newsSource: the feeds and their health (last fetch, outcome, error, next fetch), and the keywords. */
export default function NewsSourcePage() {
  const can = useCan();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return (
    <>
      <KeywordCard />
      <CrudTable<NewsSourceView, NewsSourceSubmit>
        testId="news-source"
        api={newsSourceApi}
        columns={[
          { key: 'name', dataIndex: 'name', title: '来源名称', width: 160 },
          { key: 'url', dataIndex: 'url', title: '订阅地址', width: 280, minWidth: 160 },
          { key: 'enabled', dataIndex: 'enabled', title: '启用', width: 70, align: 'center', render: (v: number) => (v ? '是' : '否') },
          { key: 'intervalMinutes', dataIndex: 'intervalMinutes', title: '间隔(分钟)', width: 100, align: 'center' },
          {
            key: 'lastStatus',
            dataIndex: 'lastStatusName',
            title: '上次结果',
            width: 110,
            render: (name: string, row) => (
              <Tooltip title={row.lastError ?? undefined}>
                <Tag color={STATUS_COLORS[row.lastStatus]}>{row.lastHttpStatus ? `${name} ${row.lastHttpStatus}` : name}</Tag>
              </Tooltip>
            ),
          },
          { key: 'lastError', dataIndex: 'lastError', title: '错误信息', width: 220, minWidth: 120, render: (v: string | null) => v ?? '-' },
          { key: 'consecutiveFailures', dataIndex: 'consecutiveFailures', title: '连续失败', width: 90, align: 'center' },
          { key: 'lastFetchTime', dataIndex: 'lastFetchTime', title: '上次抓取', width: 170, render: (v: string | null) => v ?? '-' },
          { key: 'lastSuccessTime', dataIndex: 'lastSuccessTime', title: '上次成功', width: 170, render: (v: string | null) => v ?? '-' },
          { key: 'nextFetchTime', dataIndex: 'nextFetchTime', title: '下次抓取', width: 170, render: (v: string | null) => v ?? '-' },
          { key: 'itemCount', dataIndex: 'itemCount', title: '已采集', width: 80, align: 'center' },
        ]}
        fields={FIELDS}
        permissions={{ add: 'news_source_edit', edit: 'news_source_edit', delete: 'news_source_delete', view: 'news_source' }}
        addValues={() => ({ intervalMinutes: 60, enabled: 1, matchOnly: 1 })}
        fromFormValues={(v, row) => ({ ...v, ...(row ? { id: row.id, version: row.version } : {}) })}
        rowActionLabels={['立即抓取']}
        rowActions={(row) =>
          can('news_source_fetch') && row.enabled ? (
            <Button
              type="link"
              size="small"
              data-testid={`news-source-fetch-${row.id}`}
              onClick={async () => {
                message.success(await fetchSourceNow(row.id));
                void queryClient.invalidateQueries({ queryKey: newsKeys.sources });
              }}
            >
              立即抓取
            </Button>
          ) : null
        }
      />
    </>
  );
}
