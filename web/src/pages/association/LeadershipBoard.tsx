import { useEffect, useMemo, useRef, useState, type DragEvent, type HTMLAttributes } from 'react';
import { App, Button, Card, Empty, InputNumber, Space, Spin, Table, Tabs, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, CopyOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LEADER_TYPE, LEADER_YEAR_MAX, LEADER_YEAR_MIN } from '@gsl/contract';
import { associationKeys, multiplexing, removeLeader, submitLeader, updateSort, useSection, useYearList, type LeaderView } from '../../api/association';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { useCan } from '../../components/Access';
import { LoadError } from '../../components/LoadError';
import { confirmAction } from '../../components/crud/confirm';
import { LeaderFormDialog } from './LeaderFormDialog';
import { countOf, defaultYear, moveItem, sourceYearFor, termText, typeName, yearTabs } from './leaderLogic';
import './association.css';

/** The menu's buttons (packages/contract/src/menus.ts); the server checks the same codes. */
export const LEADER_PERMS = {
  add: 'association_leader_add',
  edit: 'association_leader_edit',
  remove: 'association_leader_delete',
  multiplex: 'association_leader_multiplex',
  export: 'association_leader_export',
} as const;

const SINGLES = [LEADER_TYPE.chairman, LEADER_TYPE.partySecretary, LEADER_TYPE.president];
const LISTS = [LEADER_TYPE.viceChairman, LEADER_TYPE.vicePresident, LEADER_TYPE.council, LEADER_TYPE.secretariat];

interface Team {
  deptId: string;
  year: number;
  testId: string;
}

/** The writes of a team; each refetches the org's years and sections (and the lower list) when settled. */
function useTeamWrites(deptId: string) {
  const client = useQueryClient();
  const onSettled = () =>
    Promise.all([client.invalidateQueries({ queryKey: associationKeys.team(deptId) }), client.invalidateQueries({ queryKey: associationKeys.lower })]);
  const save = useMutation({ mutationFn: ({ type, body }: { type: number; body: Record<string, unknown> }) => submitLeader(type, body), onSettled });
  const remove = useMutation({ mutationFn: ({ type, ids }: { type: number; ids: string[] }) => removeLeader(type, ids), onSettled });
  return { save, remove };
}

/** The add / edit dialog of one section, opened by its card or table. */
function useLeaderDialog({ deptId, year, testId }: Team, type: number) {
  const { save } = useTeamWrites(deptId);
  const [editing, setEditing] = useState<{ row?: LeaderView; n: number } | null>(null);
  const dialog = editing && (
    <LeaderFormDialog
      key={editing.n}
      type={type}
      deptId={deptId}
      year={year}
      row={editing.row}
      open
      saving={save.isPending}
      onCancel={() => setEditing(null)}
      onSubmit={(body) =>
        save.mutate(
          { type, body },
          {
            onSuccess: (answer) => {
              toast.success(answer.msg);
              setEditing(null);
            },
            onError: tellUnhandled,
          },
        )
      }
      testId={testId}
    />
  );
  return { open: (row?: LeaderView) => setEditing({ row, n: Date.now() }), dialog };
}

function useRemove(deptId: string, type: number) {
  const { modal } = App.useApp();
  const { remove } = useTeamWrites(deptId);
  return (row: LeaderView, okTestId: string) =>
    confirmAction(modal, {
      content: `确定将${typeName(type)}「${row.name}」删除?`,
      okTestId,
      onOk: () =>
        remove.mutateAsync({ type, ids: [row.id] }).then(
          (answer) => toast.success(answer.msg),
          (error) => {
            tellUnhandled(error);
            throw error;
          },
        ),
    });
}

/** 主席 / 党组书记 / 会长: the one person of the year, or 暂未设置 with its 设置 button. */
function LeaderCard({ team, type }: { team: Team; type: number }) {
  const can = useCan();
  const section = useSection(team.deptId, team.year, type);
  const { open, dialog } = useLeaderDialog(team, type);
  const askRemove = useRemove(team.deptId, type);
  const testId = `${team.testId}-card-${type}`;
  const row = section.data?.[0];
  const name = typeName(type);
  return (
    <Card
      size="small"
      className="leader-card"
      title={<h4 className="leader-card__title">{name}</h4>}
      data-testid={testId}
      extra={
        row && (
          <Space size={0}>
            {can(LEADER_PERMS.edit) && (
              <Button type="link" size="small" onClick={() => open(row)} data-testid={`${testId}-edit`} aria-label={`编辑${name}${row.name}`}>
                编辑
              </Button>
            )}
            {can(LEADER_PERMS.remove) && (
              <Button
                type="link"
                size="small"
                danger
                onClick={() => askRemove(row, `${testId}-remove-ok`)}
                data-testid={`${testId}-remove`}
                aria-label={`删除${name}${row.name}`}
              >
                删除
              </Button>
            )}
          </Space>
        )
      }
    >
      {section.isPending ? (
        <Spin size="small" />
      ) : section.isError ? (
        <LoadError onRetry={section.refetch} testId={`${testId}-error`} />
      ) : row ? (
        <dl className="leader-card__body">
          <dt className="assoc-sr-only">姓名</dt>
          <dd className="leader-card__name" data-testid={`${testId}-name`}>
            {row.name}
            {row.post && row.post !== name && <span className="leader-card__post">{row.post}</span>}
          </dd>
          {row.company && (
            <>
              <dt>工作单位</dt>
              <dd>{row.company}</dd>
            </>
          )}
          {(row.genderName || row.politicsName) && (
            <>
              <dt>性别 / 政治面貌</dt>
              <dd>{[row.genderName, row.politicsName].filter(Boolean).join(' / ')}</dd>
            </>
          )}
          {row.phone && (
            <>
              <dt>手机号码</dt>
              <dd>{row.phone}</dd>
            </>
          )}
          {termText(row) && (
            <>
              <dt>任职时间</dt>
              <dd>{termText(row)}</dd>
            </>
          )}
        </dl>
      ) : (
        <div className="leader-card__empty">
          <span className="leader-muted">暂未设置</span>
          {can(LEADER_PERMS.add) && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => open()} data-testid={`${testId}-add`}>
              设置{name}
            </Button>
          )}
        </div>
      )}
      {dialog}
    </Card>
  );
}

/**
 * 副主席 / 副会长 / 理事 / 秘书处: the ordered members with 新增, 编辑, 删除 and the order changed by
 * dragging a row or by its 上移 / 下移 buttons (keyboard), saved at once through update-sort; the new
 * place is announced to screen readers.
 */
function LeaderTable({ team, type }: { team: Team; type: number }) {
  const can = useCan();
  const client = useQueryClient();
  const section = useSection(team.deptId, team.year, type);
  const { open, dialog } = useLeaderDialog(team, type);
  const askRemove = useRemove(team.deptId, type);
  const testId = `${team.testId}-table-${type}`;
  const name = typeName(type);
  const canSort = can(LEADER_PERMS.edit);

  // The shown order: the server's, or the one just asked for until the server's answer arrives.
  const [order, setOrder] = useState<LeaderView[] | null>(null);
  const rows = order ?? section.data ?? [];
  const [announce, setAnnounce] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  // One update-sort at a time: a move made while one is saving is kept (the latest order) and sent after it.
  const saving = useRef(false);
  const queued = useRef<string[] | null>(null);
  const sort = useMutation({
    mutationFn: (ids: string[]) => updateSort(ids),
    onSuccess: () => {
      if (!queued.current) toast.success('排序已保存');
    },
    onError: (error) => {
      queued.current = null;
      setAnnounce('排序未保存');
      tellUnhandled(error);
    },
    onSettled: async () => {
      const next = queued.current;
      queued.current = null;
      if (next) {
        sort.mutate(next);
        return;
      }
      await client.invalidateQueries({ queryKey: associationKeys.team(team.deptId) });
      saving.current = false;
      setOrder(null);
    },
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= rows.length || from === to) return;
    const next = moveItem(rows, from, to);
    setOrder(next);
    setAnnounce(`已将${next[to].name}移到第${to + 1}位`);
    const ids = next.map((r) => r.id);
    if (saving.current) {
      queued.current = ids;
      return;
    }
    saving.current = true;
    sort.mutate(ids);
  };

  const columns: ColumnsType<LeaderView> = [
    ...(canSort
      ? [
          {
            key: 'drag',
            width: 40,
            title: <span className="assoc-sr-only">拖动排序</span>,
            render: () => <HolderOutlined className="leader-table__handle" aria-hidden />,
          },
        ]
      : []),
    { key: 'index', title: '序号', width: 60, render: (_: unknown, _r: LeaderView, i: number) => i + 1 },
    { key: 'name', dataIndex: 'name', title: '姓名', width: 110 },
    { key: 'post', dataIndex: 'post', title: '职务', width: 130, render: (v: string | null) => v ?? '-' },
    { key: 'company', dataIndex: 'company', title: '工作单位', width: 200, render: (v: string | null) => v ?? '-' },
    { key: 'gender', dataIndex: 'genderName', title: '性别', width: 60, render: (v: string | null) => v ?? '-' },
    { key: 'politics', dataIndex: 'politicsName', title: '政治面貌', width: 100, render: (v: string | null) => v ?? '-' },
    { key: 'phone', dataIndex: 'phone', title: '手机号码', width: 125, render: (v: string | null) => v ?? '-' },
    { key: 'term', title: '任职时间', width: 200, render: (_: unknown, r: LeaderView) => termText(r) || '-' },
    {
      key: 'actions',
      title: '操作',
      width: canSort ? 230 : 120,
      render: (_: unknown, r: LeaderView, i: number) => (
        <Space size={0} wrap>
          {canSort && (
            <>
              <Tooltip title="上移">
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`上移${r.name}`}
                  data-testid={`${testId}-up-${i}`}
                />
              </Tooltip>
              <Tooltip title="下移">
                <Button
                  type="link"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={i === rows.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`下移${r.name}`}
                  data-testid={`${testId}-down-${i}`}
                />
              </Tooltip>
            </>
          )}
          {can(LEADER_PERMS.edit) && (
            <Button type="link" size="small" onClick={() => open(r)} data-testid={`${testId}-edit-${i}`} aria-label={`编辑${r.name}`}>
              编辑
            </Button>
          )}
          {can(LEADER_PERMS.remove) && (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => askRemove(r, `${testId}-remove-ok`)}
              data-testid={`${testId}-remove-${i}`}
              aria-label={`删除${r.name}`}
            >
              删除
            </Button>
          )}
        </Space>
      ),
    },
  ];

  const dragRow = (i: number) =>
    canSort
      ? {
          draggable: true,
          'data-testid': `${testId}-row-${i}`,
          className: dragged === i ? 'leader-table__row--dragging' : undefined,
          onDragStart: (e: DragEvent) => {
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(i));
            setDragged(i);
          },
          onDragOver: (e: DragEvent) => {
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
          },
          onDrop: (e: DragEvent) => {
            e.preventDefault();
            const from = dragged ?? Number(e.dataTransfer.getData('text/plain'));
            setDragged(null);
            if (Number.isInteger(from)) move(from, i);
          },
          onDragEnd: () => setDragged(null),
        }
      : { 'data-testid': `${testId}-row-${i}` };

  return (
    <section className="leader-section" aria-labelledby={`${testId}-title`} data-testid={testId}>
      <div className="leader-section__head">
        <h4 id={`${testId}-title`} className="leader-section__title">
          {name}
          <Tag className="leader-section__count">{section.data ? `${section.data.length}人` : '…'}</Tag>
        </h4>
        {can(LEADER_PERMS.add) && (
          <Button size="small" type="primary" icon={<PlusOutlined />} onClick={() => open()} data-testid={`${testId}-add`}>
            新增{name}
          </Button>
        )}
      </div>
      {section.isError ? (
        <LoadError onRetry={section.refetch} testId={`${testId}-error`} />
      ) : (
        <Table<LeaderView>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={section.isPending}
          pagination={false}
          scroll={{ x: 'max-content', y: rows.length > 50 ? 520 : undefined }}
          onRow={(_r, i) => dragRow(i ?? 0) as HTMLAttributes<HTMLElement>}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`暂无${name}`} /> }}
        />
      )}
      <div className="assoc-sr-only" role="status" aria-live="polite" data-testid={`${testId}-announce`}>
        {announce}
      </div>
      {dialog}
    </section>
  );
}

/** One year's team: the three cards, then the four ordered lists. */
export function YearTeam({ deptId, year, testId }: Team) {
  const team = { deptId, year, testId };
  return (
    <div className="leader-team" data-testid={`${testId}-year-${year}`}>
      <div className="leader-cards">
        {SINGLES.map((t) => (
          <LeaderCard key={t} team={team} type={t} />
        ))}
      </div>
      {LISTS.map((t) => (
        <LeaderTable key={t} team={team} type={t} />
      ))}
    </div>
  );
}

/**
 * 领导班子 of one org: a tab per year that has a team (year-list), any other year opened by 其他年度,
 * and 沿用上届 (multiplexing) copying the latest earlier team into the year shown after a confirmation
 * (replacing what that year holds, when the user agrees to it).
 */
export function LeadershipBoard({ deptId, deptName, testId = 'leader' }: { deptId: string; deptName?: string | null; testId?: string }) {
  const can = useCan();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const years = useYearList(deptId);
  const thisYear = new Date().getFullYear();
  const [picked, setPicked] = useState<number>();
  const [other, setOther] = useState<number | null>(null);
  const year = picked ?? (years.data ? defaultYear(years.data, thisYear) : undefined);
  const tabs = useMemo(() => yearTabs(years.data ?? [], year), [years.data, year]);
  useEffect(() => setPicked(undefined), [deptId]);

  const copy = useMutation({
    mutationFn: multiplexing,
    onSettled: () =>
      Promise.all([client.invalidateQueries({ queryKey: associationKeys.team(deptId) }), client.invalidateQueries({ queryKey: associationKeys.lower })]),
  });

  const askCopy = () => {
    if (year === undefined) return;
    const from = sourceYearFor(years.data ?? [], year);
    if (!from) {
      toast.warning('没有可沿用的往届领导班子');
      return;
    }
    const existing = countOf(years.data ?? [], year);
    confirmAction(modal, {
      okTestId: `${testId}-copy-ok`,
      content: (
        <div data-testid={`${testId}-copy-confirm`}>
          <p>
            确定将{from.year}年度的领导班子({from.leaderCount}人)沿用到{year}年度?
          </p>
          {existing > 0 && (
            <p className="leader-warning">
              {year}年度已有{existing}名成员,沿用后将被替换。
            </p>
          )}
        </div>
      ),
      onOk: () =>
        copy.mutateAsync({ deptId, deptName, fromYear: from.year, toYear: year, replace: existing > 0 }).then(
          (answer) => toast.success(`已将${answer.data.fromYear}年度的${answer.data.copied}名成员沿用到${answer.data.toYear}年度`),
          (error) => {
            tellUnhandled(error);
            throw error;
          },
        ),
    });
  };

  if (years.isPending) return <Spin data-testid={`${testId}-loading`} />;
  if (years.isError) return <LoadError onRetry={years.refetch} testId={`${testId}-error`} />;
  return (
    <div className="leader-board" data-testid={testId}>
      <Tabs
        activeKey={String(year)}
        onChange={(k) => setPicked(Number(k))}
        items={tabs.map((t) => ({
          key: String(t.year),
          label: (
            <span data-testid={`${testId}-tab-${t.year}`}>
              {t.year}年<span className="leader-tab__count">({t.leaderCount}人)</span>
            </span>
          ),
        }))}
        tabBarExtraContent={
          <Space wrap className="leader-board__tools">
            <Space.Compact>
              <InputNumber<number>
                min={LEADER_YEAR_MIN}
                max={LEADER_YEAR_MAX}
                precision={0}
                placeholder="其他年度"
                value={other}
                onChange={setOther}
                onPressEnter={() => other && setPicked(other)}
                aria-label="其他年度"
                data-testid={`${testId}-other-year`}
                style={{ width: 110 }}
              />
              <Button onClick={() => other && setPicked(other)} disabled={!other} data-testid={`${testId}-other-year-open`}>
                打开
              </Button>
            </Space.Compact>
            {can(LEADER_PERMS.multiplex) && (
              <Button icon={<CopyOutlined />} onClick={askCopy} loading={copy.isPending} data-testid={`${testId}-copy`}>
                沿用上届
              </Button>
            )}
          </Space>
        }
      />
      {year !== undefined && <YearTeam key={`${deptId}-${year}`} deptId={deptId} year={year} testId={testId} />}
    </div>
  );
}
