import { useState } from 'react';
import { Alert, Card, Checkbox, Input, InputNumber, Space, Table, Tabs } from 'antd';
import { PAGE_SIZE_OPTIONS, type HonorView, type LeadershipRankView } from '@gsl/contract';
import { useHonorPage, useRankPage } from '../../../api/portal/honors';

function HonorTab() {
  const [name, setName] = useState('');
  const [includeChild, setIncludeChild] = useState(true);
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const q = useHonorPage({ ...paging, name: name || undefined, includeChild: includeChild ? '1' : '0' });
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          aria-label="荣誉名称"
          placeholder="请输入荣誉名称"
          allowClear
          onSearch={(v) => {
            setName(v.trim());
            setPaging((p) => ({ ...p, current: 1 }));
          }}
        />
        <Checkbox
          checked={includeChild}
          onChange={(e) => {
            setIncludeChild(e.target.checked);
            setPaging((p) => ({ ...p, current: 1 }));
          }}
        >
          包含下级组织
        </Checkbox>
      </Space>
      {q.isError ? <Alert type="error" showIcon title="组织荣誉加载失败" /> : null}
      <Table<HonorView>
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.records ?? []}
        locale={{ emptyText: '暂无荣誉' }}
        columns={[
          { key: 'deptName', dataIndex: 'deptName', title: '组织名称' },
          { key: 'name', dataIndex: 'name', title: '荣誉名称' },
          { key: 'levelName', dataIndex: 'levelName', title: '荣誉级别', width: 110 },
          { key: 'grantor', dataIndex: 'grantor', title: '授予单位' },
          { key: 'honourDate', dataIndex: 'honourDate', title: '获得时间', width: 120 },
        ]}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </>
  );
}

function RankTab() {
  const [year, setYear] = useState<number | null>(null);
  const [paging, setPaging] = useState({ current: 1, size: 10 });
  const q = useRankPage({ ...paging, year: year ?? undefined });
  const shownYear = q.data?.records[0]?.year;
  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <InputNumber
          aria-label="年度"
          placeholder="年度(默认现任)"
          min={1949}
          max={2100}
          precision={0}
          value={year}
          onChange={(v) => {
            setYear(v);
            setPaging((p) => ({ ...p, current: 1 }));
          }}
          style={{ width: 160 }}
        />
        {shownYear ? <span>{shownYear} 年度领导班子</span> : null}
      </Space>
      {q.isError ? <Alert type="error" showIcon title="领导排名加载失败" /> : null}
      <Table<LeadershipRankView>
        rowKey="id"
        loading={q.isFetching}
        dataSource={q.data?.records ?? []}
        locale={{ emptyText: '暂无领导班子' }}
        columns={[
          { key: 'rank', dataIndex: 'rank', title: '排名', width: 80, align: 'center' },
          { key: 'name', dataIndex: 'name', title: '姓名' },
          { key: 'leaderTypeName', dataIndex: 'leaderTypeName', title: '职务类型' },
          { key: 'post', dataIndex: 'post', title: '职务' },
          { key: 'company', dataIndex: 'company', title: '工作单位' },
        ]}
        pagination={{
          current: paging.current,
          pageSize: paging.size,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          onChange: (current, size) => setPaging({ current, size }),
        }}
      />
    </>
  );
}

/**
 * 荣誉与领导排名 at /portal/database/honor: the honours of the user's org and the orgs below it (the org
 * profile's 荣誉, aochonor/page) and the org's current leadership in rank order (aocleadershiprank/page).
 */
export default function HonorPage() {
  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>荣誉与领导排名</h2>} data-testid="honor-page">
      <Tabs
        items={[
          { key: 'honor', label: '组织荣誉', children: <HonorTab /> },
          { key: 'rank', label: '领导排名', children: <RankTab /> },
        ]}
      />
    </Card>
  );
}
