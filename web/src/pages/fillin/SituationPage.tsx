import { useState } from 'react';
import { Button, Card, Input, Modal, Select, Space, Table, Tabs, Tag, Form } from 'antd';
import { BellOutlined, DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_PAGE_SIZE, FILL_STATUS, FILLIN_MSG, PAGE_SIZE_OPTIONS, type SituationView, type SupplementSituationView } from '@gsl/contract';
import { fillinApi, fillinKeys } from '../../api/fillin';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { useCan } from '../../components/Access';
import { LoadError } from '../../components/LoadError';
import { useExport } from '../../components/useExport';
import './fillin.css';

const STATUS_COLOR: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'warning' };
const STATUS_OPTIONS = [{ value: '', label: '全部状态' }, ...Object.entries(FILL_STATUS).map(([value, label]) => ({ value, label }))];

/**
 * 填报情况 (业务应用, for federations): the chambers and associations of the scope — filled or not, the counts
 * by category of their term, the last change —; 提醒填报 sends a notice to those not yet submitted through the
 * message centre (the selected orgs, or all); 退回 returns a submission with a reason; 导出 a chamber's list; 导出填报情况
 * the whole list (the filters applied) as one workbook. A second tab follows the supplement.
 */
export default function SituationPage() {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>填报情况</h2>} data-testid="fill-situation">
      <Tabs
        items={[
          { key: 'collect', label: '常委、执委及会员代表', children: <CollectSituation /> },
          { key: 'supplement', label: '商会补充信息', children: <SupplementSituation /> },
        ]}
      />
    </Card>
  );
}

function useReturnDialog(onReturned: () => void) {
  const [target, setTarget] = useState<{ name: string; run: (comment: string) => Promise<{ msg: string }> } | null>(null);
  const [form] = Form.useForm<{ comment: string }>();
  const [busy, setBusy] = useState(false);
  const dialog = (
    <Modal
      open={Boolean(target)}
      title={`退回:${target?.name ?? ''}`}
      onCancel={() => setTarget(null)}
      confirmLoading={busy}
      okText="退回"
      destroyOnHidden
      onOk={async () => {
        const { comment } = await form.validateFields();
        setBusy(true);
        try {
          const { msg } = await target!.run(comment);
          toast.success(msg);
          setTarget(null);
          onReturned();
        } catch (e) {
          tellUnhandled(e);
        } finally {
          setBusy(false);
        }
      }}
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="comment"
          label="退回原因"
          htmlFor="return-comment"
          rules={[
            { required: true, whitespace: true, message: FILLIN_MSG.commentRequired },
            { max: 500, message: FILLIN_MSG.commentTooLong },
          ]}
        >
          <Input.TextArea id="return-comment" rows={4} maxLength={500} showCount data-testid="return-comment" />
        </Form.Item>
      </Form>
    </Modal>
  );
  return { open: setTarget, dialog };
}

function CollectSituation() {
  const can = useCan();
  const client = useQueryClient();
  const [filters, setFilters] = useState({ deptName: '', status: '' });
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [selected, setSelected] = useState<string[]>([]);
  const query = { ...filters, ...paging };
  const list = useQuery({ queryKey: [...fillinKeys.situation, 'collect', query], queryFn: ({ signal }) => fillinApi.situation(query, signal) });
  const refresh = () => void client.invalidateQueries({ queryKey: fillinKeys.all });
  const giveBack = useReturnDialog(refresh);
  const { exporting, exportFile } = useExport('人员', 'situation-export');
  const whole = useExport('填报情况', 'situation-export-all');

  /** 提醒填报: the selected orgs (or one row's), or with none every org of the scope not yet submitted. */
  const remind = (only?: SituationView) =>
    Modal.confirm({
      title: '提醒填报',
      content: only
        ? `向${only.deptName}的工作人员发送提醒通知?`
        : selected.length
          ? `向所选 ${selected.length} 个组织中尚未提交的组织发送提醒通知?`
          : '向数据权限内全部尚未提交的组织发送提醒通知?',
      onOk: async () => {
        try {
          const { msg, data } = await fillinApi.remind(only ? [only.deptId] : selected);
          toast.success(`${msg},通知${data.recipients}个账号`);
        } catch (e) {
          tellUnhandled(e);
        }
      },
    });

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder="组织名称"
          aria-label="组织名称"
          style={{ width: 220 }}
          onSearch={(v) => {
            setFilters((f) => ({ ...f, deptName: v.trim() }));
            setPaging((p) => ({ ...p, current: 1 }));
          }}
        />
        <Select
          aria-label="填报状态"
          style={{ width: 140 }}
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => {
            setFilters((f) => ({ ...f, status }));
            setPaging((p) => ({ ...p, current: 1 }));
          }}
        />
        {can('fillin_situation_export') && (
          <Button
            icon={<DownloadOutlined />}
            loading={whole.exporting}
            disabled={whole.exporting}
            onClick={() => void whole.exportFile((p) => fillinApi.exportSituation(filters, p))}
            data-testid="situation-export"
          >
            导出填报情况
          </Button>
        )}
        {can('fillin_situation_remind') && (
          <Button icon={<BellOutlined />} onClick={() => remind()} data-testid="situation-remind">
            提醒填报
          </Button>
        )}
      </Space>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <Table<SituationView>
          rowKey="deptId"
          size="middle"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          data-testid="situation-table"
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
            showTotal: (t) => `共 ${t} 条`,
            onChange: (current, size) => setPaging({ current, size }),
          }}
          columns={[
            { title: '组织名称', dataIndex: 'deptName' },
            { title: '上级组织', dataIndex: 'parentName' },
            { title: '届别', dataIndex: 'periodName', render: (v: string | null, r) => (v ? `${v}(${r.finishDate})` : '—') },
            { title: '常委', dataIndex: 'standing', align: 'right' },
            { title: '执委', dataIndex: 'executive', align: 'right' },
            { title: '会员代表', dataIndex: 'representative', align: 'right' },
            { title: '合计', dataIndex: 'total', align: 'right' },
            {
              title: '状态',
              dataIndex: 'statusName',
              render: (v: string, r) => (
                <Tag color={STATUS_COLOR[r.status]} title={r.returnComment ?? undefined}>
                  {v}
                </Tag>
              ),
            },
            { title: '最后变更', dataIndex: 'lastChange', render: (v: string | null) => v ?? '—' },
            {
              title: '操作',
              key: 'op',
              render: (_v, r) => (
                <Space>
                  {can('fillin_situation_export') && r.total > 0 && (
                    <Button
                      type="link"
                      size="small"
                      icon={<DownloadOutlined />}
                      loading={exporting}
                      onClick={() => void exportFile((p) => fillinApi.exportPersons({ deptId: r.deptId, period: r.period ?? undefined }, p))}
                      aria-label={`导出${r.deptName}`}
                    >
                      导出
                    </Button>
                  )}
                  {can('fillin_situation_remind') && r.status !== 2 && (
                    <Button type="link" size="small" icon={<BellOutlined />} onClick={() => remind(r)} aria-label={`提醒${r.deptName}`}>
                      提醒
                    </Button>
                  )}
                  {can('fillin_situation_return') && r.status === 2 && (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => giveBack.open({ name: r.deptName, run: (c) => fillinApi.giveBack(r.deptId, c) })}
                      aria-label={`退回${r.deptName}`}
                    >
                      退回
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
      {giveBack.dialog}
    </>
  );
}

function SupplementSituation() {
  const can = useCan();
  const client = useQueryClient();
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const [status, setStatus] = useState('');
  const query = { status, ...paging };
  const list = useQuery({ queryKey: [...fillinKeys.situation, 'supplement', query], queryFn: ({ signal }) => fillinApi.supplementSituation(query, signal) });
  const giveBack = useReturnDialog(() => void client.invalidateQueries({ queryKey: fillinKeys.all }));
  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Select aria-label="提交状态" style={{ width: 140 }} value={status} onChange={setStatus} options={STATUS_OPTIONS.filter((o) => o.value !== '1')} />
      </Space>
      {list.isError ? (
        <LoadError onRetry={() => void list.refetch()} />
      ) : (
        <Table<SupplementSituationView>
          rowKey="deptId"
          size="middle"
          loading={list.isPending}
          dataSource={list.data?.records ?? []}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            showTotal: (t) => `共 ${t} 条`,
            onChange: (current, size) => setPaging({ current, size }),
          }}
          columns={[
            { title: '组织名称', dataIndex: 'deptName' },
            { title: '上级组织', dataIndex: 'parentName' },
            { title: '年度', dataIndex: 'year' },
            { title: '状态', dataIndex: 'statusName', render: (v: string, r) => <Tag color={STATUS_COLOR[r.status]}>{v}</Tag> },
            { title: '提交时间', dataIndex: 'submitTime', render: (v: string | null) => v ?? '—' },
            {
              title: '操作',
              key: 'op',
              render: (_v, r) =>
                can('fillin_situation_return') && r.status === 2 && r.id ? (
                  <Button
                    type="link"
                    size="small"
                    danger
                    onClick={() => giveBack.open({ name: r.deptName, run: (c) => fillinApi.giveBackSupplement(r.id!, c) })}
                  >
                    退回
                  </Button>
                ) : null,
            },
          ]}
        />
      )}
      {giveBack.dialog}
    </>
  );
}
