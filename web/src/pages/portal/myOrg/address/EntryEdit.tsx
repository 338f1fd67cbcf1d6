import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Descriptions, InputNumber, Space, Spin } from 'antd';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { addressKeys, getBook, saveOrder, type BookQuery } from '../../../../api/myorg/address';
import { useCan } from '../../../../components/Access';
import { LoadError } from '../../../../components/LoadError';
import { AddressPage } from './AddressPage';
import { orgSuffix } from './AddressBookTable';
import { sexText } from './addressLogic';

/**
 * 修改 of a book entry (?id=&deptId=|unionId=): the person as the book shows them and their 排序 (saved with
 * changeUserSeq). 姓名、职务、手机号码和邮箱 are the account's own data, changed on the account screens or by the
 * person in 个人中心, never as a second copy here.
 */
export function EntryEdit({ kind, title, back, editCode, testId }: { kind: 'aoc' | 'coc'; title: string; back: string; editCode: string; testId: string }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const can = useCan();
  const id = params.get('id') ?? '';
  const org = { deptId: params.get('deptId') ?? undefined, unionId: params.get('unionId') ?? undefined };
  const q: BookQuery = { ...org };
  const book = useQuery({ queryKey: addressKeys.book(kind, q), queryFn: ({ signal }) => getBook(kind, q, signal) });
  const entry = book.data?.records.find((r) => r.id === id);
  const [seq, setSeq] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setSeq(entry?.seq ?? null), [entry?.seq]);
  const backTo = `${back}${org.deptId || org.unionId ? `?${orgSuffix(org).slice(1)}` : ''}`;

  const save = async () => {
    if (!entry || seq === null) return;
    setSaving(true);
    try {
      await saveOrder([{ id: entry.id, seq }]);
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
