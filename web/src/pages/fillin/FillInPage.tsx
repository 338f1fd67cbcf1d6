import { useState } from 'react';
import { Alert, Button, Card, Empty, Input, Modal, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { DownloadOutlined, PlusOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { COLLECT_CATEGORIES, DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, type CollectPersonView } from '@gsl/contract';
import { fillinApi, fillinKeys, useMenuTemplate, usePeriod } from '../../api/fillin';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { useCan } from '../../components/Access';
import { ImportDialog } from '../../components/ImportDialog';
import { LoadError } from '../../components/LoadError';
import { useExport } from '../../components/useExport';
import { useSession } from '../../utils/useSession';
import { BrowserGate } from './BrowserGate';
import { FillPeriodDialog } from './FillPeriodDialog';
import { PersonDialog } from './PersonDialog';
import './fillin.css';

const TABS = [{ key: '', label: '全部' }, ...Object.entries(COLLECT_CATEGORIES).map(([key, label]) => ({ key, label }))];

/**
 * /subapp/fill-in (specification §2 "Fill-in pages"): the chamber's standing and executive committee
 * members and representatives of its current term, by category; 新增 / 修改 on the template-driven form,
 * 导入 / 导出, and 提交给工商联 (read-only until the federation returns it, with its reason shown).
 */
export default function FillInPage() {
  return (
    <BrowserGate>
      <FillIn />
    </BrowserGate>
  );
}

function FillIn() {
  const can = useCan();
  const client = useQueryClient();
  const { user } = useSession();
  const deptId = String((user as { dept_id?: string } | undefined)?.dept_id ?? '');
  const period = usePeriod();
  const template = useMenuTemplate('fillin_collect', deptId);
  const rounds = useQuery({ queryKey: fillinKeys.rounds(), queryFn: ({ signal }) => fillinApi.rounds(undefined, signal), enabled: Boolean(period.data) });
  const [category, setCategory] = useState('');
  const [name, setName] = useState('');
  const [paging, setPaging] = useState({ current: 1, size: DEFAULT_PAGE_SIZE });
  const query = { deptId, period: period.data?.period, category, name: name || undefined, ...paging };
  const list = useQuery({
    queryKey: [...fillinKeys.persons, query],
    queryFn: ({ signal }) => fillinApi.persons(query, signal),
    enabled: Boolean(period.data && deptId),
  });
  const [editing, setEditing] = useState<CollectPersonView | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [periodOpen, setPeriodOpen] = useState(false);
  const { exporting, exportFile } = useExport('人员', 'fillin-export');

  const latest = rounds.data?.[0];
  const locked = latest?.status === 1;
  const refresh = () => void client.invalidateQueries({ queryKey: fillinKeys.all });

  const remove = async (ids: string[]) => {
    try {
      const { msg } = await fillinApi.removePersons(ids);
      toast.success(msg);
      refresh();
    } catch (e) {
      tellUnhandled(e);
    }
  };
  const report = () =>
    Modal.confirm({
      title: '提交给工商联',
      content: '提交后在工商联退回前不能修改,确定提交本届人员信息吗?',
      onOk: async () => {
        try {
          const { msg } = await fillinApi.report();
          toast.success(msg);
          refresh();
        } catch (e) {
          tellUnhandled(e);
        }
      },
    });

  if (period.isError) return <LoadError onRetry={() => void period.refetch()} />;
  return (
    <main className="fillin-page" data-testid="fillin-page">
      <div className="fillin-page__inner">
        <h1>常委、执委及会员代表填报</h1>
        <Card
          size="small"
          style={{ marginBottom: 16 }}
          title={period.data ? `${period.data.deptName ?? ''} · ${period.data.periodName} · 换届完成年月 ${period.data.finishDate}` : '届别信息'}
          extra={
            can('fillin_collect') && (
              <Button onClick={() => setPeriodOpen(true)} disabled={locked} data-testid="fillin-period-edit">
                {period.data ? '修改届别' : '填写届别'}
              </Button>
            )
          }
          loading={period.isPending}
        >
          {!period.data ? (
            <Alert type="info" showIcon title="请先填写届别和换届完成年月,再填报本届的常委、执委及会员代表。" />
          ) : latest ? (
            <Alert
              type={latest.status === 1 ? 'success' : 'warning'}
              showIcon
              data-testid="fillin-round"
              title={
                latest.status === 1 ? `已于 ${latest.submitTime} 提交给工商联;退回前不能修改` : `工商联已退回(${latest.returnTime}):${latest.returnComment}`
              }
              description={latest.status === 2 ? '请按退回原因修改后重新提交。' : undefined}
            />
          ) : (
            <Typography.Text type="secondary">填报完成后请点击“提交给工商联”。</Typography.Text>
          )}
        </Card>
        {period.data && (
          <Card>
            <Space wrap style={{ marginBottom: 12 }}>
              {can('fillin_collect_add') && (
                <Button type="primary" icon={<PlusOutlined />} disabled={locked} onClick={() => setEditing(null)} data-testid="fillin-add">
                  新增
                </Button>
              )}
              {can('fillin_collect_import') && (
                <Button icon={<UploadOutlined />} disabled={locked} onClick={() => setImporting(true)} data-testid="fillin-import">
                  导入
                </Button>
              )}
              {can('fillin_collect_export') && (
                <Button
                  icon={<DownloadOutlined />}
                  loading={exporting}
                  onClick={() => void exportFile((p) => fillinApi.exportPersons({ deptId, period: period.data!.period }, p))}
                >
                  导出
                </Button>
              )}
              {can('fillin_collect_submit') && (
                <Button icon={<SendOutlined />} disabled={locked || !list.data?.total} onClick={report} data-testid="fillin-report">
                  提交给工商联
                </Button>
              )}
              <Input.Search
                allowClear
                placeholder="按姓名搜索"
                aria-label="按姓名搜索"
                onSearch={(v) => {
                  setName(v.trim());
                  setPaging((p) => ({ ...p, current: 1 }));
                }}
                style={{ width: 220 }}
              />
            </Space>
            <Tabs
              activeKey={category}
              onChange={(k) => {
                setCategory(k);
                setPaging((p) => ({ ...p, current: 1 }));
              }}
              items={TABS.map((t) => ({ key: t.key, label: t.label }))}
            />
            {list.isError ? (
              <LoadError onRetry={() => void list.refetch()} />
            ) : (
              <Table<CollectPersonView>
                rowKey="id"
                size="middle"
                loading={list.isPending}
                dataSource={list.data?.records ?? []}
                locale={{ emptyText: <Empty description="暂无人员,请新增或导入" /> }}
                data-testid="fillin-table"
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
                  { title: '序号', key: 'index', width: 64, render: (_v, _r, i) => (paging.current - 1) * paging.size + i + 1 },
                  { title: '姓名', dataIndex: 'name' },
                  { title: '人员类别', dataIndex: 'categoryName', render: (v: string) => <Tag color="blue">{v}</Tag> },
                  { title: '性别', key: 'gender', render: (_v, r) => ({ 1: '男', 2: '女' })[r.data.gender ?? ''] ?? '' },
                  { title: '工作单位', key: 'company', render: (_v, r) => r.data.company ?? '' },
                  { title: '职务', key: 'post', render: (_v, r) => r.data.post ?? '' },
                  { title: '手机号码', dataIndex: 'mobile' },
                  { title: '身份证号码', dataIndex: 'certNo' },
                  {
                    title: '操作',
                    key: 'op',
                    width: 140,
                    render: (_v, r) => (
                      <Space>
                        {can('fillin_collect_edit') && (
                          <Button type="link" size="small" disabled={locked} onClick={() => setEditing(r)} aria-label={`修改${r.name}`}>
                            修改
                          </Button>
                        )}
                        {can('fillin_collect_delete') && (
                          <Popconfirm title="确定将选择数据删除?" onConfirm={() => void remove([r.id])} disabled={locked}>
                            <Button type="link" size="small" danger disabled={locked} aria-label={`删除${r.name}`}>
                              删除
                            </Button>
                          </Popconfirm>
                        )}
                      </Space>
                    ),
                  },
                ]}
              />
            )}
          </Card>
        )}
      </div>
      <PersonDialog
        open={editing !== undefined}
        person={editing ?? null}
        template={template.data}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          refresh();
        }}
      />
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        onImported={refresh}
        title="人员导入"
        description="带 * 的列必须填写;下拉项填写选项名称(如 常委、男、汉族);身份证号码按 GB 11643 校验,同一人员每届只能填报一次。先“校验数据”查看问题,再“开始导入”校验通过的行。文件不超过5MB、5000行。"
        testId="fillin"
        template={() => fillinApi.template()}
        upload={(file, dryRun, onProgress) => fillinApi.importPersons(file, dryRun, onProgress)}
        errorsFileName="人员导入错误报告.xlsx"
      />
      <FillPeriodDialog open={periodOpen} period={period.data} openPage={false} onClose={() => setPeriodOpen(false)} onSaved={() => setPeriodOpen(false)} />
    </main>
  );
}
