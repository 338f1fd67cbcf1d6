import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Empty, Form, Input, InputNumber, Select, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MEMBER_FIELD_LABELS, MSG, type MemberKind } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { MEMBER_APIS, MEMBER_PERMISSION, representativeList, representativeRemove, representativeSave, type Representative } from '../../../api/member';
import { useCan } from '../../../components/Access';
import { LoadError } from '../../../components/LoadError';
import { confirmAction } from '../../../components/crud/confirm';
import { RecordDrawer } from './RecordDrawer';

/** A representative is a person member: its fields go by the person's labels. */
const PERSON = MEMBER_FIELD_LABELS.person;

/** Person members whose name contains the text (the picker of 添加会员代表). */
function PersonPicker({ value, onChange }: { value?: string; onChange?: (v: string) => void }) {
  const [text, setText] = useState('');
  const found = useQuery({
    queryKey: ['member', 'person', 'pick', text],
    queryFn: ({ signal }) => MEMBER_APIS.person.list({ current: 1, size: 20, name: text }, signal),
    enabled: text.trim().length > 0,
  });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setText }}
      value={value}
      onChange={onChange}
      placeholder="请输入姓名搜索个人会员"
      loading={found.isFetching}
      notFoundContent={text ? (found.isFetching ? '搜索中…' : '未找到个人会员') : '请输入姓名'}
      options={(found.data?.records ?? []).map((p) => ({ value: p.id, label: `${p.name}${p.company ? `（${String(p.company)}）` : ''}` }))}
      data-testid="rep-person"
    />
  );
}

/**
 * 会员代表 of an enterprise or group member: the list (name, title, certificate number and phone as the
 * server answers them — masked without 查看敏感信息), 添加 (a person member, title, sort) and 移除,
 * both behind the kind's edit permission (the server checks the same).
 */
export function RepresentativesDrawer({ kind, member, onClose }: { kind: MemberKind; member: { id: string; name: string } | undefined; onClose: () => void }) {
  const can = useCan();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm();
  const key = ['member', kind, 'reps', member?.id];
  const list = useQuery({ queryKey: key, queryFn: ({ signal }) => representativeList(kind, member!.id, signal), enabled: Boolean(member) });
  const settle = () => client.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: (body: { personId: string; title?: string; sort?: number }) => representativeSave(kind, { memberId: member!.id, ...body }),
    onSettled: settle,
  });
  const remove = useMutation({ mutationFn: (ids: string[]) => representativeRemove(kind, ids), onSettled: settle });
  const canEdit = can(`${MEMBER_PERMISSION[kind]}_edit`);

  const confirmRemove = (row: Representative) =>
    confirmAction(modal, {
      content: `确定移除会员代表「${row.name}」?`,
      onOk: () => remove.mutateAsync([row.id]).then((msg) => toast.success(msg || MSG.removed), tellUnhandled),
    });

  const submit = (values: { personId: string; title?: string; sort?: number }) =>
    save.mutateAsync({ personId: values.personId, title: values.title?.trim() || undefined, sort: values.sort ?? undefined }).then((msg) => {
      toast.success(msg || MSG.added);
      form.resetFields();
      setAdding(false);
    }, tellUnhandled);

  return (
    <RecordDrawer record={member} title="会员代表" size={820} onClose={onClose} testId="rep-drawer">
      {canEdit && (
        <div className="member-reps__bar">
          {adding ? (
            <Form form={form} layout="inline" onFinish={submit} data-testid="rep-form">
              <Form.Item name="personId" label="个人会员" rules={[{ required: true, message: '请选择会员代表' }]} style={{ minWidth: 280 }}>
                <PersonPicker />
              </Form.Item>
              <Form.Item name="title" label="代表职务">
                <Input placeholder="请输入代表职务" maxLength={64} style={{ width: 140 }} />
              </Form.Item>
              <Form.Item name="sort" label="排序">
                <InputNumber min={0} precision={0} style={{ width: 80 }} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="rep-save">
                  保存
                </Button>
                <Button onClick={() => setAdding(false)}>取消</Button>
              </Space>
            </Form>
          ) : (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="rep-add">
              添加会员代表
            </Button>
          )}
        </div>
      )}
      <Table<Representative>
        rowKey="id"
        size="small"
        data-testid="rep-table"
        loading={list.isFetching}
        dataSource={list.data ?? []}
        pagination={false}
        columns={[
          { key: 'name', dataIndex: 'name', title: PERSON.name, width: 100 },
          { key: 'title', dataIndex: 'title', title: '代表职务', width: 110, render: (v: string | null) => v || '-' },
          { key: 'company', dataIndex: 'company', title: PERSON.company, ellipsis: true, render: (v: string | null) => v || '-' },
          { key: 'post', dataIndex: 'post', title: PERSON.post, width: 100, render: (v: string | null) => v || '-' },
          { key: 'certNo', dataIndex: 'certNo', title: PERSON.certNo, width: 170, render: (v: string | null) => v || '-' },
          { key: 'phone', dataIndex: 'phone', title: PERSON.phone, width: 120, render: (v: string | null) => v || '-' },
          ...(canEdit
            ? [
                {
                  key: 'op',
                  title: '操作',
                  width: 80,
                  render: (_: unknown, row: Representative) => (
                    <Button type="link" danger size="small" icon={<DeleteOutlined />} onClick={() => confirmRemove(row)}>
                      移除
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
        locale={{
          emptyText: list.isError ? <LoadError onRetry={list.refetch} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无会员代表" />,
        }}
      />
    </RecordDrawer>
  );
}
