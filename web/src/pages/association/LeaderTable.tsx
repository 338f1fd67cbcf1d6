import { useRef, useState, type DragEvent, type HTMLAttributes } from 'react';
import { Button, Empty, Space, Table, Tag, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { associationKeys, updateSort, useSection, type LeaderView } from '../../api/association';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { useCan } from '../../components/Access';
import { LoadError } from '../../components/LoadError';
import { moveItem, termText, typeName } from './leaderLogic';
import './association.css';
import { LEADER_PERMS, useLeaderDialog, useRemove, type Team } from './teamHooks';

/**
 * 副主席 / 副会长 / 理事 / 秘书处: the ordered members with 新增, 编辑, 删除 and the order changed by
 * dragging a row or by its 上移 / 下移 buttons (keyboard), saved at once through update-sort; the new
 * place is announced to screen readers.
 */
export function LeaderTable({ team, type }: { team: Team; type: number }) {
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
