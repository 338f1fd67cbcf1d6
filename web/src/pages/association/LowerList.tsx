import { useState } from 'react';
import { Button, Drawer, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LEADER_PAGE_SIZE, LEADER_YEAR_MAX, LEADER_YEAR_MIN } from '@gsl/contract';
import { associationKeys, lowerList, useAdministrative, type LowerView } from '../../api/association';
import { toast } from '../../api/feedback';
import { saveBlob } from '../../api/files';
import { tellUnhandled } from '../../api/http';
import { useCan } from '../../components/Access';
import { LoadError } from '../../components/LoadError';
import { buildWorkbook, XLSX_TYPE } from '../../components/xlsx';
import { optionsOf } from '../portal/database/kinds';
import { LeadershipBoard, LEADER_PERMS } from './LeadershipBoard';
import { CHAMBER_TYPES, LOWER_CATEGORIES, LOWER_EXPORT_COLUMNS, lowerQuery, lowerSheetRows } from './leaderLogic';

const PAGE_SIZES = [10, 30, 50, 100, 200];
const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

/** Every row of the list under these filters, page by page (5,000 at a time), for the spreadsheet. */
async function allRows(filters: Record<string, string | number>): Promise<LowerView[]> {
  const out: LowerView[] = [];
  for (let current = 1; ; current++) {
    const page = await lowerList({ ...filters, current, size: LEADER_PAGE_SIZE });
    out.push(...page.records);
    if (page.records.length < LEADER_PAGE_SIZE || out.length >= page.total) return out;
  }
}

/**
 * 下级组织 (lower-list): the federations, chambers and associations below the user's org (in their data
 * scope) with the team of their current term — as of a year, the latest term entered up to it — with
 * filters, paging (§9's sizes), a team opened in a drawer, and 导出 of the whole filtered list as .xlsx.
 */
export function LowerList({ testId = 'lower' }: { testId?: string }) {
  const can = useCan();
  const [form] = Form.useForm();
  const [filters, setFilters] = useState<Record<string, string | number>>({});
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const [opened, setOpened] = useState<LowerView | null>(null);
  const [exporting, setExporting] = useState(false);
  const feds = useAdministrative();
  const query = { ...filters, ...paging };
  const list = useQuery({
    queryKey: [...associationKeys.lower, query],
    queryFn: ({ signal }) => lowerList(query, signal),
    placeholderData: keepPreviousData,
  });

  const search = (values: Record<string, unknown>) => {
    setFilters(lowerQuery(values));
    setPaging((p) => ({ ...p, current: 1 }));
  };
  const reset = () => {
    form.resetFields();
    search({});
  };

  const exportXlsx = async () => {
    setExporting(true);
    try {
      const rows = await allRows(filters);
      const data = buildWorkbook(
        '下级组织领导班子',
        lowerSheetRows(rows),
        LOWER_EXPORT_COLUMNS.map((c) => c.width),
      );
      saveBlob(new Blob([data as BlobPart], { type: XLSX_TYPE }), `下级组织领导班子${new Date().toISOString().slice(0, 10)}.xlsx`);
      toast.success('导出成功');
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<LowerView> = [
    {
      key: 'deptName',
      title: '组织名称',
      width: 220,
      fixed: 'left',
      render: (_: unknown, r) => (
        <Button type="link" size="small" className="lower-list__open" onClick={() => setOpened(r)} data-testid={`${testId}-open-${r.deptId}`}>
          {r.deptName}
        </Button>
      ),
    },
    { key: 'category', dataIndex: 'deptCategoryName', title: '组织类别', width: 90, render: dash },
    { key: 'chamberType', dataIndex: 'chamberTypeName', title: '商会类型', width: 120, render: dash },
    { key: 'parent', dataIndex: 'parentName', title: '上级组织', width: 180, render: dash },
    { key: 'year', dataIndex: 'year', title: '年度', width: 70, render: dash },
    { key: 'chairman', dataIndex: 'chairmanName', title: '主席', width: 100, render: dash },
    { key: 'partySecretary', dataIndex: 'partySecretaryName', title: '党组书记', width: 100, render: dash },
    { key: 'president', dataIndex: 'presidentName', title: '会长', width: 100, render: dash },
    { key: 'viceChairman', dataIndex: 'viceChairmanCount', title: '副主席', width: 80 },
    { key: 'vicePresident', dataIndex: 'vicePresidentCount', title: '副会长', width: 80 },
    { key: 'council', dataIndex: 'councilCount', title: '理事', width: 70 },
    { key: 'secretariat', dataIndex: 'secretariatCount', title: '秘书处', width: 80 },
    { key: 'total', dataIndex: 'leaderCount', title: '合计', width: 70 },
  ];

  return (
    <div className="lower-list" data-testid={testId}>
      <Form form={form} layout="inline" className="lower-list__filters" onFinish={search} aria-label="下级组织查询">
        <Form.Item name="name" label="组织名称">
          <Input allowClear placeholder="请输入组织名称" maxLength={100} data-testid={`${testId}-search-name`} />
        </Form.Item>
        <Form.Item name="deptId" label="所属工商联">
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder="请选择所属工商联"
            style={{ width: 200 }}
            loading={feds.isPending}
            options={(feds.data ?? []).map((f) => ({ value: f.id, label: f.deptName }))}
            data-testid={`${testId}-search-deptId`}
          />
        </Form.Item>
        <Form.Item name="deptCategory" label="组织类别">
          <Select
            allowClear
            placeholder="请选择组织类别"
            style={{ width: 140 }}
            options={optionsOf(LOWER_CATEGORIES)}
            data-testid={`${testId}-search-deptCategory`}
          />
        </Form.Item>
        <Form.Item name="chamberType" label="商会类型">
          <Select
            allowClear
            placeholder="请选择商会类型"
            style={{ width: 160 }}
            options={optionsOf(CHAMBER_TYPES)}
            data-testid={`${testId}-search-chamberType`}
          />
        </Form.Item>
        <Form.Item name="hasLeaders" label="班子录入">
          <Select
            allowClear
            placeholder="全部"
            style={{ width: 110 }}
            options={[
              { value: '1', label: '已录入' },
              { value: '0', label: '未录入' },
            ]}
            data-testid={`${testId}-search-hasLeaders`}
          />
        </Form.Item>
        <Form.Item name="leaderName" label="领导姓名">
          <Input allowClear placeholder="请输入姓名" maxLength={50} data-testid={`${testId}-search-leaderName`} />
        </Form.Item>
        <Form.Item name="year" label="年度">
          <InputNumber min={LEADER_YEAR_MIN} max={LEADER_YEAR_MAX} precision={0} placeholder="当前年度" data-testid={`${testId}-search-year`} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" data-testid={`${testId}-search-submit`}>
              搜索
            </Button>
            <Button onClick={reset} data-testid={`${testId}-search-reset`}>
              清空
            </Button>
            {can(LEADER_PERMS.export) && (
              <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportXlsx()} data-testid={`${testId}-export`}>
                导出
              </Button>
            )}
          </Space>
        </Form.Item>
      </Form>
      {list.isError && !list.data ? (
        <LoadError onRetry={list.refetch} testId={`${testId}-error`} />
      ) : (
        <Table<LowerView>
          size="small"
          rowKey="deptId"
          columns={columns}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          scroll={{ x: 'max-content' }}
          data-testid={`${testId}-table`}
          locale={{ emptyText: list.isPending ? '加载中' : '暂无下级组织' }}
          pagination={{
            current: paging.current,
            pageSize: paging.size,
            total: list.data?.total ?? 0,
            pageSizeOptions: PAGE_SIZES,
            showSizeChanger: true,
            showTotal: (total) => `共 ${total} 条`,
            onChange: (current, size) => setPaging({ current: size === paging.size ? current : 1, size }),
          }}
        />
      )}
      <Drawer
        open={Boolean(opened)}
        onClose={() => setOpened(null)}
        title={opened ? `${opened.deptName} · 领导班子` : ''}
        size="large"
        destroyOnHidden
        data-testid={`${testId}-drawer`}
      >
        {opened && <LeadershipBoard deptId={opened.deptId} deptName={opened.deptName} testId={`${testId}-team`} />}
      </Drawer>
    </div>
  );
}
