import { useEffect, useRef, useState, type DragEvent, type HTMLAttributes } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { App, Button, Input, Space, Table, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ArrowDownOutlined, ArrowUpOutlined, DownloadOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { ADDRESS_PAGE_SIZE, CONTACT_MSG, ENTRY_TYPE_NAMES } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import {
  addressKeys,
  exportBook,
  getBook,
  removeContact,
  removeFromBook,
  saveOrder,
  type AddressBookKind,
  type AddressEntryView,
  type BookQuery,
} from '../../../../api/myorg/address';
import { LoadError } from '../../../../components/LoadError';
import { useExport } from '../../../../components/useExport';
import { dropOn, entryKey, moveAnnouncement, moveBy, seqPlan } from './addressLogic';

export interface AddressBookTableProps {
  kind: AddressBookKind;
  /** Which export (and which 维护 button) the book belongs to. */
  family: 'aoc' | 'coc';
  /** The org of the book (absent: the user's own). */
  query: Pick<BookQuery, 'deptId' | 'unionId' | 'profileTag'>;
  /** 维护: add, order, remove. */
  editable: boolean;
  exportable: boolean;
  /** One org's book can be ordered; the books of several orgs (the orgs below) cannot. */
  orderable: boolean;
  /** Show 所属机构 (books of several orgs). */
  showOrg?: boolean;
  /** The 新增 / 修改 screens (their query gets the org and the entry). */
  addPath?: string;
  updatePath?: string;
  testId: string;
  label: string;
}

/** A book entry's name: the person's, else the account. */
const nameOf = (r: AddressEntryView) => r.realName ?? r.account ?? '';

/**
 * One address book: its people (accounts and contact-only entries, marked 账号 / 联系人) in the book's order with
 * 职务, phone (masked unless allowed), e-mail; search; for 维护 the order (drag a row, or 上移 / 下移 with the
 * keyboard), 新增, 修改 and 移出通讯录 of an account (the account stays) or 删除 of a contact; 导出 as xlsx. Loading, empty and error states are said in words (and announced).
 */
export function AddressBookTable(p: AddressBookTableProps) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const q: BookQuery = { ...p.query, keyword, size: ADDRESS_PAGE_SIZE };
  const book = useQuery({ queryKey: addressKeys.book(p.kind, q), queryFn: ({ signal }) => getBook(p.kind, q, signal) });
  const [rows, setRows] = useState<AddressEntryView[]>([]);
  const [announce, setAnnounce] = useState('');
  const [saving, setSaving] = useState(false);
  const dragged = useRef<string | null>(null);
  const { exporting, exportFile } = useExport('通讯录', `export-${p.testId}`);
  useEffect(() => setRows(book.data?.records ?? []), [book.data]);

  // Ordering needs the whole book in view: not while a search narrows it, nor past one page.
  const canOrder = p.editable && p.orderable && !keyword && (book.data?.total ?? 0) <= ADDRESS_PAGE_SIZE;
  const refresh = () => queryClient.invalidateQueries({ queryKey: addressKeys.all });

  const reorder = async (next: AddressEntryView[], moved: AddressEntryView) => {
    if (next === rows) return;
    const before = rows;
    setRows(next);
    setSaving(true);
    try {
      await saveOrder(seqPlan(next));
      setAnnounce(moveAnnouncement(nameOf(moved), next.indexOf(moved) + 1, next.length));
      toast.success('排序已保存');
    } catch (error) {
      setRows(before);
      tellUnhandled(error);
    } finally {
      setSaving(false);
      void refresh();
    }
  };

  const confirmDelete = (entry: AddressEntryView) =>
    modal.confirm({
      title: '删除联系人',
      content: CONTACT_MSG.removeConfirm,
      okText: '删除',
      cancelText: '取消',
      okButtonProps: { danger: true, 'data-testid': `${p.testId}-delete-ok` },
      onOk: async () => {
        try {
          toast.success(await removeContact(entry.id));
          await refresh();
        } catch (error) {
          tellUnhandled(error);
        }
      },
    });

  const confirmRemove = (entry: AddressEntryView) =>
    modal.confirm({
      title: '移出通讯录',
      content: `确定将 ${nameOf(entry)} 移出通讯录?账号不会被删除,仍可正常登录。`,
      okText: '移出',
      cancelText: '取消',
      okButtonProps: { danger: true, 'data-testid': `${p.testId}-remove-ok` },
      onOk: async () => {
        try {
          toast.success(await removeFromBook(entry));
          await refresh();
        } catch (error) {
          tellUnhandled(error);
        }
      },
    });

  const columns = ((): ColumnsType<AddressEntryView> => {
    const name = nameOf;
    const cols: ColumnsType<AddressEntryView> = [
      {
        title: '序号',
        key: 'no',
        width: canOrder ? 90 : 64,
        render: (_v, _r, i) => (
          <span>
            {canOrder && <HolderOutlined aria-hidden style={{ cursor: 'grab', marginRight: 6, color: '#595959' }} />}
            {i + 1}
          </span>
        ),
      },
      { title: '姓名', dataIndex: 'realName', width: 120, render: (_v, r) => name(r) },
      {
        title: '类型',
        dataIndex: 'entryType',
        width: 80,
        render: (v: AddressEntryView['entryType']) => <Tag color={v === 'contact' ? 'purple' : 'blue'}>{ENTRY_TYPE_NAMES[v]}</Tag>,
      },
      ...(p.showOrg ? [{ title: '所属机构', dataIndex: 'deptName', width: 200, render: (v: string | null) => v || '-' }] : []),
      { title: '职务', dataIndex: 'postName', width: 120, render: (v: string | null) => v || '-' },
      { title: '手机号码', dataIndex: 'phone', width: 140, render: (v: string | null) => v || '-' },
      { title: '邮箱', dataIndex: 'email', render: (v: string | null) => v || '-' },
      {
        title: '状态',
        dataIndex: 'status',
        width: 80,
        render: (v: number | null) => (v === null ? '-' : v === 1 ? <Tag color="success">启用</Tag> : <Tag>停用</Tag>),
      },
    ];
    if (!p.editable) return cols;
    cols.push({
      title: '操作',
      key: 'actions',
      width: canOrder ? 240 : 150,
      render: (_v, r, i) => (
        <Space size={4} wrap>
          {canOrder && (
            <>
              <Tooltip title="上移">
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  aria-label={`上移 ${name(r)}`}
                  disabled={i === 0 || saving}
                  onClick={() => void reorder(moveBy(rows, i, -1), r)}
                  data-testid={`${p.testId}-up`}
                />
              </Tooltip>
              <Tooltip title="下移">
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  aria-label={`下移 ${name(r)}`}
                  disabled={i === rows.length - 1 || saving}
                  onClick={() => void reorder(moveBy(rows, i, 1), r)}
                  data-testid={`${p.testId}-down`}
                />
              </Tooltip>
            </>
          )}
          {p.updatePath && (
            <Button
              size="small"
              type="link"
              onClick={() => navigate(`${p.updatePath}?id=${r.id}${r.entryType === 'contact' ? '&entryType=contact' : ''}${orgSuffix(p.query)}`)}
              aria-label={`修改 ${name(r)}`}
              data-testid={`${p.testId}-edit`}
            >
              修改
            </Button>
          )}
          {r.entryType === 'contact' ? (
            <Button size="small" type="link" danger onClick={() => confirmDelete(r)} aria-label={`删除联系人 ${name(r)}`} data-testid={`${p.testId}-delete`}>
              删除
            </Button>
          ) : (
            <Button size="small" type="link" danger onClick={() => confirmRemove(r)} aria-label={`将 ${name(r)} 移出通讯录`} data-testid={`${p.testId}-remove`}>
              移出通讯录
            </Button>
          )}
        </Space>
      ),
    });
    return cols;
  })();

  /** A row's attributes: its test id, and for an orderable book the drag handlers (drop = take the target's place). */
  const rowProps = (r: AddressEntryView): HTMLAttributes<HTMLElement> => {
    const attrs: Record<string, unknown> = { 'data-testid': `${p.testId}-row` };
    if (canOrder)
      Object.assign(attrs, {
        draggable: true,
        onDragStart: () => {
          dragged.current = entryKey(r);
        },
        onDragOver: (ev: DragEvent) => ev.preventDefault(),
        onDrop: (ev: DragEvent) => {
          ev.preventDefault();
          const from = dragged.current;
          dragged.current = null;
          const moved = rows.find((x) => entryKey(x) === from);
          if (from && moved) void reorder(dropOn(rows, from, entryKey(r), entryKey), moved);
        },
      });
    return attrs as HTMLAttributes<HTMLElement>;
  };

  return (
    <section aria-label={p.label} data-testid={p.testId}>
      <div className="address-toolbar">
        <Input.Search
          allowClear
          placeholder="姓名、账号、职务、邮箱或完整手机号"
          aria-label={`搜索${p.label}`}
          onSearch={(v) => setKeyword(v.trim())}
          style={{ maxWidth: 320 }}
          data-testid={`${p.testId}-search`}
        />
        <Space>
          {p.editable && p.addPath && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => navigate(`${p.addPath}?${orgSuffix(p.query).slice(1)}`)}
              data-testid={`${p.testId}-add`}
            >
              新增
            </Button>
          )}
          {p.exportable && (
            <Button
              icon={<DownloadOutlined />}
              loading={exporting}
              onClick={() => void exportFile((onProgress) => exportBook(p.family, p.kind, q, onProgress))}
              data-testid={`${p.testId}-export`}
            >
              导出
            </Button>
          )}
        </Space>
      </div>
      {canOrder && <p className="address-hint">拖动行或使用上移、下移按钮调整顺序,调整后立即保存。</p>}
      <div aria-live="polite" className="sr-only" data-testid={`${p.testId}-live`}>
        {announce}
      </div>
      {book.isError ? (
        <LoadError message="通讯录加载失败" onRetry={book.refetch} testId={`${p.testId}-error`} />
      ) : (
        <Table<AddressEntryView>
          rowKey={entryKey}
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={book.isFetching || saving}
          pagination={false}
          locale={{ emptyText: book.isPending ? '加载中' : keyword ? '没有符合条件的人员' : '通讯录暂无人员' }}
          onRow={rowProps}
          scroll={{ x: 760 }}
        />
      )}
    </section>
  );
}

/** `&deptId=…` / `&unionId=…` for the 新增 / 修改 screens, so they open on the same org. */
export function orgSuffix(q: Pick<BookQuery, 'deptId' | 'unionId'>): string {
  return `${q.deptId ? `&deptId=${q.deptId}` : ''}${q.unionId ? `&unionId=${encodeURIComponent(q.unionId)}` : ''}`;
}
