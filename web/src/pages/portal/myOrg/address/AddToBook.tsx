import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Input, Space, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ADDRESS_MSG } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { addToBook, addressKeys, getBook, type AddressEntryView, type BookQuery } from '../../../../api/myorg/address';
import { LoadError } from '../../../../components/LoadError';
import { AddressPage, RequireCode } from './AddressPage';
import { orgSuffix } from './AddressBookTable';
import { ContactForm } from './ContactForm';

const COLUMNS: ColumnsType<AddressEntryView> = [
  { title: '姓名', dataIndex: 'realName', width: 120, render: (v: string | null, r) => v || r.account },
  { title: '账号', dataIndex: 'account', width: 160 },
  { title: '职务', dataIndex: 'postName', width: 120, render: (v: string | null) => v || '-' },
  { title: '手机号码', dataIndex: 'phone', width: 140, render: (v: string | null) => v || '-' },
  { title: '邮箱', dataIndex: 'email', render: (v: string | null) => v || '-' },
];

interface AddProps {
  kind: 'aoc' | 'coc';
  title: string;
  back: string;
  testId: string;
}

/**
 * 新增 of a book, two ways: 选择账号 — the org's accounts (of the book's profile tag) not in it, put in with
 * set-address-book; 新增联系人 — a person without an account (contact/submit), listed in the book only: never
 * signing on, never in account management, chat or the message centre (?way=contact opens this one).
 */
export function AddToBook(props: AddProps) {
  return (
    <RequireCode code={props.kind === 'aoc' ? 'myorg_gsl_address_edit' : 'myorg_sh_address_edit'} what="维护通讯录">
      <AddWays {...props} />
    </RequireCode>
  );
}

function AddWays(props: AddProps) {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const org = { deptId: params.get('deptId') ?? undefined, unionId: params.get('unionId') ?? undefined };
  const backTo = `${props.back}${org.deptId || org.unionId ? `?${orgSuffix(org).slice(1)}` : ''}`;
  const way = params.get('way') === 'contact' ? 'contact' : 'account';
  return (
    <AddressPage title={props.title} note="从本组织尚未加入通讯录的账号中选择人员加入,或新增没有账号的联系人。" testId={props.testId}>
      <Tabs
        activeKey={way}
        onChange={(key) => {
          const next = new URLSearchParams(params);
          if (key === 'contact') next.set('way', 'contact');
          else next.delete('way');
          setParams(next, { replace: true });
        }}
        items={[
          { key: 'account', label: '选择账号', children: <AccountPicker {...props} /> },
          {
            key: 'contact',
            label: '新增联系人',
            children: (
              <>
                <Alert type="info" showIcon style={{ marginBottom: 12 }} title="联系人只登记在通讯录中,不创建账号,不能登录系统。" />
                <ContactForm
                  kind={props.kind}
                  deptId={org.deptId}
                  onDone={() => navigate(backTo)}
                  onCancel={() => navigate(backTo)}
                  testId={`${props.testId}-contact`}
                />
              </>
            ),
          },
        ]}
      />
    </AddressPage>
  );
}

/** 选择账号: the org's accounts not in the book, chosen and put in. */
function AccountPicker({ kind, back, testId }: AddProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const org = { deptId: params.get('deptId') ?? undefined, unionId: params.get('unionId') ?? undefined };
  const q: BookQuery = { ...org, isAddressBook: 0, keyword };
  const list = useQuery({ queryKey: addressKeys.book(kind, q), queryFn: ({ signal }) => getBook(kind, q, signal) });
  const backTo = `${back}${org.deptId || org.unionId ? `?${orgSuffix(org).slice(1)}` : ''}`;

  const add = async () => {
    setSaving(true);
    try {
      await addToBook(selected);
      toast.success(ADDRESS_MSG.added);
      await queryClient.invalidateQueries({ queryKey: addressKeys.all });
      navigate(backTo);
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <div className="address-toolbar">
        <Input.Search
          allowClear
          placeholder="姓名、账号、职务或邮箱"
          aria-label="搜索可加入的账号"
          onSearch={(v) => setKeyword(v.trim())}
          style={{ maxWidth: 320 }}
        />
        <Space>
          <Button onClick={() => navigate(backTo)}>返回</Button>
          <Button type="primary" disabled={!selected.length} loading={saving} onClick={() => void add()} data-testid={`${testId}-submit`}>
            加入通讯录{selected.length ? `(${selected.length})` : ''}
          </Button>
        </Space>
      </div>
      {list.isError ? (
        <LoadError message="账号加载失败" onRetry={list.refetch} testId={`${testId}-error`} />
      ) : (
        <Table<AddressEntryView>
          rowKey="id"
          size="middle"
          columns={COLUMNS}
          dataSource={list.data?.records ?? []}
          loading={list.isFetching}
          pagination={false}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(String)),
            getTitleCheckboxProps: () => ({ 'aria-label': '全选' }) as object,
          }}
          locale={{ emptyText: list.isPending ? '加载中' : '本组织的账号均已在通讯录中' }}
          data-testid={`${testId}-table`}
        />
      )}
    </>
  );
}
