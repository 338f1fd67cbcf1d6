import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Input, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CHAMBER_FIELD_LABELS, CHAMBER_TYPES, LEADER_TYPES, LEADER_TYPE_LABELS, chamberSaveSimple } from '@gsl/contract';
import {
  chamberDetail,
  chamberLeaders,
  chamberLog,
  inboundChamberApi,
  readOnlyChamberApi,
  type ChamberLeaderRow,
  type ChamberRow,
  type LeaderList,
} from '../../../../api/member';
import { useCan } from '../../../../components/Access';
import { CrudTable } from '../../../../components/crud/CrudTable';
import { schemaRule } from '../../../../components/crud/schemaRule';
import type { CrudFormField, CrudSearchField } from '../../../../components/crud/types';
import { ChangeLogDrawer } from '../ChangeLog';
import { DatabaseNav } from '../DatabaseNav';
import { optionsOf } from '../kinds';
import { LoadError } from '../../../../components/LoadError';
import { CHAMBER_DETAIL, chamberColumn, chamberNameColumn, dash } from './chamberKit';
import '../database.css';
import { QueryBody } from '../QueryBody';

const LEADER_TABS: Array<[LeaderList, string]> = [
  ['vice-president-list', LEADER_TYPE_LABELS[LEADER_TYPES.vicePresident]],
  ['council-list', LEADER_TYPE_LABELS[LEADER_TYPES.council]],
  ['secretariat-list', LEADER_TYPE_LABELS[LEADER_TYPES.secretariat]],
];

/** One leader list of a chamber (phones masked unless the user holds 查看敏感信息). */
function Leaders({ list, chamberId }: { list: LeaderList; chamberId: string }) {
  const q = useQuery({ queryKey: ['chamber', 'leaders', list, chamberId], queryFn: ({ signal }) => chamberLeaders(list, chamberId, signal) });
  return (
    <Table<ChamberLeaderRow>
      rowKey="id"
      size="small"
      pagination={false}
      loading={q.isFetching}
      dataSource={q.data ?? []}
      data-testid={`chamber-${list}`}
      columns={[
        { key: 'name', dataIndex: 'name', title: '姓名', width: 100 },
        { key: 'post', dataIndex: 'post', title: '职务', width: 140, render: dash },
        { key: 'company', dataIndex: 'company', title: '工作单位', width: 220, ellipsis: true, render: dash },
        { key: 'phone', dataIndex: 'phone', title: '手机号码', width: 130, render: dash },
      ]}
      locale={{
        emptyText: q.isError ? <LoadError onRetry={q.refetch} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
      }}
    />
  );
}

/** A chamber's information (chambercommerce detail) and its 副会长, 理事 and 秘书处. */
export function ChamberDrawer({ id, onClose }: { id: string | undefined; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['chamber', 'detail', id], queryFn: ({ signal }) => chamberDetail(id as string, signal), enabled: Boolean(id) });
  return (
    <Drawer open={Boolean(id)} onClose={onClose} size={860} title="商会信息" destroyOnHidden data-testid="chamber-drawer">
      <QueryBody query={detail}>
        {(row) => (
          <>
            <Descriptions bordered size="small" column={2} items={CHAMBER_DETAIL.map(([f, label]) => ({ key: f, label, children: dash(row[f]) }))} />
            <Tabs
              style={{ marginTop: 12 }}
              items={LEADER_TABS.map(([list, label]) => ({ key: list, label, children: <Leaders list={list} chamberId={row.id} /> }))}
            />
          </>
        )}
      </QueryBody>
    </Drawer>
  );
}

const commonColumns: ColumnsType<ChamberRow> = [
  chamberColumn('chamberType', 130),
  chamberColumn('homeRegion', 120),
  chamberColumn('presidentName', 100),
  chamberColumn('memberCount', 90),
  chamberColumn('deptId', 180, 110),
];

const s = chamberSaveSimple.shape;
/** 外省在苏商会 登记 (save-simple): 名称 is kept as 登记名称, 商会名称 becomes the shown name (§3). */
const INBOUND_FIELDS: CrudFormField[] = [
  { name: 'name', label: '登记名称', required: true, rules: [schemaRule(s.name)], input: <Input placeholder="请输入登记名称" maxLength={200} /> },
  {
    name: 'chamberName',
    label: '商会名称',
    rules: [schemaRule(s.chamberName)],
    input: <Input placeholder="请输入商会名称（不填则同登记名称）" maxLength={200} />,
  },
  { name: 'homeRegion', label: '籍贯地区', rules: [schemaRule(s.homeRegion)], input: <Input placeholder="请输入籍贯地区" maxLength={100} /> },
  {
    name: 'remark',
    label: '备注',
    rules: [schemaRule(s.remark)],
    input: <Input.TextArea placeholder="请输入备注" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={500} />,
  },
];

const byName: CrudSearchField = { name: 'name', label: CHAMBER_FIELD_LABELS.name };
const byRegion: CrudSearchField = { name: 'homeRegion', label: CHAMBER_FIELD_LABELS.homeRegion };

const ALL_API = readOnlyChamberApi('all');
const OUT_API = readOnlyChamberApi('out');

/**
 * 商会管理 (/portal/database/chamber): every chamber in the user's scope (name, type, home
 * region), a chamber's information with its 副会长, 理事 and 秘书处; 江苏在外地商会; 外省在苏商会 with
 * 登记 (save-simple), 编辑 and 删除 behind chamber_add / chamber_edit / chamber_delete; per row 详情 and
 * 变更记录 (chambercommerce/log: who changed which field, leader lists by names).
 */
export default function ChamberPage() {
  const can = useCan();
  const [open, setOpen] = useState<string>();
  const [history, setHistory] = useState<{ id: string; name: string }>();
  const openRow = (row: ChamberRow) => setOpen(row.id);
  const rowActions = (row: ChamberRow) => (
    <>
      <Button type="link" size="small" onClick={() => openRow(row)} data-testid={`chamber-detail-${row.id}`}>
        详情
      </Button>
      {can('chamber') && (
        <Button type="link" size="small" onClick={() => setHistory({ id: row.id, name: row.name })} data-testid={`chamber-history-${row.id}`}>
          变更记录
        </Button>
      )}
    </>
  );
  const chamberActionLabels = ['详情', ...(can('chamber') ? ['变更记录'] : [])];
  const withoutType = commonColumns.filter((c) => c.key !== 'chamberTypeName');
  /** A read-only list of chambers: its name opens the chamber, 详情 and 变更记录 in 操作. */
  const listTab = (key: 'all' | 'out', label: string, columns: ColumnsType<ChamberRow>, search: CrudSearchField[]) => ({
    key,
    label,
    children: (
      <CrudTable<ChamberRow, Record<string, unknown>>
        testId={`chamber-${key}`}
        api={key === 'all' ? ALL_API : OUT_API}
        selectable={false}
        columns={[chamberNameColumn(openRow), ...columns]}
        search={search}
        permissions={{}}
        rowActions={rowActions}
        rowActionLabels={chamberActionLabels}
      />
    ),
  });
  return (
    <div className="member-db" data-testid="chamber-page">
      <DatabaseNav />
      <Tabs
        destroyOnHidden
        items={[
          listTab('all', '商会列表', commonColumns, [
            byName,
            { name: 'chamberType', label: CHAMBER_FIELD_LABELS.chamberType, options: optionsOf(CHAMBER_TYPES), width: 160 },
            byRegion,
          ]),
          listTab('out', CHAMBER_TYPES[4], withoutType, [byName, byRegion]),
          {
            key: 'in',
            label: CHAMBER_TYPES[3],
            children: (
              <CrudTable<ChamberRow, Record<string, unknown>>
                testId="chamber-in"
                api={inboundChamberApi}
                columns={[chamberNameColumn(openRow), chamberColumn('adminName', 220), ...withoutType]}
                fields={INBOUND_FIELDS}
                toFormValues={(row) => ({
                  name: row.adminName ?? row.name,
                  chamberName: row.name,
                  homeRegion: row.homeRegion ?? undefined,
                  remark: row.remark ?? undefined,
                })}
                search={[byName, byRegion]}
                permissions={{ add: 'chamber_add', edit: 'chamber_edit', delete: 'chamber_delete' }}
                rowActions={rowActions}
                rowActionLabels={chamberActionLabels}
              />
            ),
          },
        ]}
      />
      <ChamberDrawer id={open} onClose={() => setOpen(undefined)} />
      <ChangeLogDrawer tag="chamber" record={history} onClose={() => setHistory(undefined)} load={chamberLog} />
    </div>
  );
}
