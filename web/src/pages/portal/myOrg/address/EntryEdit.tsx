import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Descriptions, InputNumber, Space, Spin } from 'antd';
import { toast } from '../../../../api/feedback';
import { HttpError, tellUnhandled } from '../../../../api/http';
import { addressKeys, getBook, getContact, saveOrder, type BookQuery } from '../../../../api/myorg/address';
import { useCan } from '../../../../components/Access';
import { LoadError } from '../../../../components/LoadError';
import { AddressPage } from './AddressPage';
import { orgSuffix } from './AddressBookTable';
import { ContactForm } from './ContactForm';
import { sexText } from './addressLogic';

interface EditProps {
  kind: 'aoc' | 'coc';
  title: string;
  back: string;
  editCode: string;
  testId: string;
}

/** 修改 of a book entry (?id=&deptId=|unionId=, &entryType=contact for a contact-only entry). */
export function EntryEdit(props: EditProps) {
  const [params] = useSearchParams();
  return params.get('entryType') === 'contact' ? <ContactEdit {...props} /> : <AccountEntryEdit {...props} />;
}

/**
 * A contact's own data: all of it is the book's (it has no account), changed here by the book's 维护.
 */
function ContactEdit({ kind, title, back, editCode, testId }: EditProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const id = params.get('id') ?? '';
  const org = { deptId: params.get('deptId') ?? undefined, unionId: params.get('unionId') ?? undefined };
  const backTo = `${back}${org.deptId || org.unionId ? `?${orgSuffix(org).slice(1)}` : ''}`;
  const contact = useQuery({ queryKey: addressKeys.contact(id), queryFn: ({ signal }) => getContact(id, signal), enabled: !!id, retry: false });
  let body;
  if (!id || (contact.isError && contact.error instanceof HttpError && contact.error.code === 404))
    body = <Alert type="warning" showIcon title="该联系人不存在或已删除" data-testid={`${testId}-missing`} />;
  else if (contact.isError) body = <LoadError message="联系人加载失败" onRetry={contact.refetch} testId={`${testId}-error`} />;
  else if (contact.isPending) body = <Spin aria-label="加载中" />;
  else if (!can(editCode))
    body = (
      <Descriptions bordered column={2} size="middle">
        <Descriptions.Item label="姓名">{contact.data.realName}</Descriptions.Item>
        <Descriptions.Item label="性别">{sexText(contact.data.sex)}</Descriptions.Item>
        <Descriptions.Item label="职务">{contact.data.postName || '-'}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{contact.data.phone || '-'}</Descriptions.Item>
        <Descriptions.Item label="邮箱">{contact.data.email || '-'}</Descriptions.Item>
        <Descriptions.Item label="备注">{contact.data.remark || '-'}</Descriptions.Item>
      </Descriptions>
    );
  else
    body = (
      <ContactForm
        key={`${contact.data.id}-${contact.data.version}`}
        kind={kind}
        contact={contact.data}
        onDone={() => navigate(backTo)}
        onCancel={() => navigate(backTo)}
        testId={`${testId}-contact`}
      />
    );
  return (
    <AddressPage title={title.replace('成员', '联系人')} note="联系人没有账号,只登记在通讯录中。" testId={testId}>
      {body}
    </AddressPage>
  );
}

/**
 * An account in the book: the person as the book shows them and their 排序 (saved with changeUserSeq).
 * 姓名、职务、手机号码和邮箱 are the account's own data, changed on the account screens or by the person in
 * 个人中心, never as a second copy here.
 */
function AccountEntryEdit({ kind, title, back, editCode, testId }: EditProps) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const id = params.get('id') ?? '';
  const org = { deptId: params.get('deptId') ?? undefined, unionId: params.get('unionId') ?? undefined };
  const q: BookQuery = { ...org };
  const book = useQuery({ queryKey: addressKeys.book(kind, q), queryFn: ({ signal }) => getBook(kind, q, signal) });
  const entry = book.data?.records.find((r) => r.id === id && r.entryType !== 'contact');
  const [seq, setSeq] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setSeq(entry?.seq ?? null), [entry?.seq]);
  const backTo = `${back}${org.deptId || org.unionId ? `?${orgSuffix(org).slice(1)}` : ''}`;

  const save = async () => {
    if (!entry || seq === null) return;
    setSaving(true);
    try {
      await saveOrder([{ id: entry.id, seq, entryType: 'account' }]);
      toast.success('更新成功');
      await queryClient.invalidateQueries({ queryKey: addressKeys.all });
      navigate(backTo);
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (book.isError) body = <LoadError message="通讯录加载失败" onRetry={book.refetch} testId={`${testId}-error`} />;
  else if (book.isPending) body = <Spin aria-label="加载中" />;
  else if (!entry) body = <Alert type="warning" showIcon title="该人员不在通讯录中" data-testid={`${testId}-missing`} />;
  else
    body = (
      <>
        <Descriptions bordered column={2} size="middle" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="姓名">{entry.realName || entry.account}</Descriptions.Item>
          <Descriptions.Item label="性别">{sexText(entry.sex)}</Descriptions.Item>
          <Descriptions.Item label="所属机构">{entry.deptName || '-'}</Descriptions.Item>
          <Descriptions.Item label="职务">{entry.postName || '-'}</Descriptions.Item>
          <Descriptions.Item label="手机号码">{entry.phone || '-'}</Descriptions.Item>
          <Descriptions.Item label="邮箱">{entry.email || '-'}</Descriptions.Item>
        </Descriptions>
        <p className="address-hint">姓名、职务、手机号码与邮箱属于账号资料,请在账号管理中修改,或由本人在个人中心修改。</p>
        <Space align="center">
          <label htmlFor={`${testId}-seq`}>排序</label>
          <InputNumber id={`${testId}-seq`} min={0} max={1_000_000} precision={0} value={seq} onChange={(v) => setSeq(v)} disabled={!can(editCode)} />
        </Space>
      </>
    );

  return (
    <AddressPage
      title={title}
      testId={testId}
      extra={
        <Space>
          <Button onClick={() => navigate(backTo)}>返回</Button>
          {can(editCode) && (
            <Button type="primary" disabled={!entry || seq === null} loading={saving} onClick={() => void save()} data-testid={`${testId}-submit`}>
              保存
            </Button>
          )}
        </Space>
      }
    >
      {body}
    </AddressPage>
  );
}
