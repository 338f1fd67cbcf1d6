import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { SEX_NAMES, orgContactSubmit, type OrgContactView } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { addressKeys, submitContact, type ContactInput } from '../../../../api/myorg/address';
import { schemaRule } from '../../../../components/crud/schemaRule';

const shape = orgContactSubmit.shape;

interface ContactValues {
  realName: string;
  sex?: number | null;
  postName?: string;
  phone?: string;
  email?: string;
  seq?: number | null;
  remark?: string;
}

/** '' → null, so that a field emptied on the form is cleared on the server. */
const orNull = (v: string | undefined) => (v?.trim() ? v.trim() : null);

/**
 * 新增联系人 / 修改联系人: a person in the book without an account (姓名 required; 手机号码 by the §5 rule when
 * given). A new contact goes into the book of org `deptId` (the own org when absent) with the book's tag, at
 * the end of its order unless 排序 is given; an existing one is saved at the version read.
 */
export function ContactForm({
  kind,
  deptId,
  contact,
  onDone,
  onCancel,
  testId,
}: {
  kind: 'aoc' | 'coc';
  deptId?: string;
  /** The contact being changed; absent: a new one. */
  contact?: OrgContactView;
  onDone: () => void;
  onCancel: () => void;
  testId: string;
}) {
  const [form] = Form.useForm<ContactValues>();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);

  const save = async (v: ContactValues) => {
    const body: ContactInput = {
      realName: v.realName.trim(),
      sex: v.sex ?? null,
      postName: orNull(v.postName),
      phone: orNull(v.phone),
      email: orNull(v.email),
      remark: orNull(v.remark),
      ...(v.seq === null || v.seq === undefined ? {} : { seq: v.seq }),
      ...(contact ? { id: contact.id, version: contact.version } : { profileTag: kind, ...(deptId ? { deptId } : {}) }),
    };
    setSaving(true);
    try {
      toast.success(await submitContact(body));
      await queryClient.invalidateQueries({ queryKey: addressKeys.all });
      onDone();
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ContactValues>
      form={form}
      name={`${testId}-form`}
      labelCol={{ flex: '100px' }}
      wrapperCol={{ flex: 'auto' }}
      validateTrigger="onBlur"
      style={{ maxWidth: 640 }}
      initialValues={
        contact
          ? {
              realName: contact.realName,
              sex: contact.sex,
              postName: contact.postName ?? '',
              phone: contact.phone ?? '',
              email: contact.email ?? '',
              seq: contact.seq,
              remark: contact.remark ?? '',
            }
          : {}
      }
      onFinish={(v) => void save(v)}
      data-testid={`${testId}-form`}
    >
      <Form.Item name="realName" label="姓名" required rules={[schemaRule(shape.realName)]}>
        <Input placeholder="请输入姓名" maxLength={20} data-testid={`${testId}-realName`} />
      </Form.Item>
      <Form.Item name="sex" label="性别">
        <Select
          allowClear
          placeholder="请选择性别"
          aria-label="性别"
          options={Object.entries(SEX_NAMES).map(([value, label]) => ({ value: Number(value), label }))}
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item name="postName" label="职务" rules={[schemaRule(shape.postName)]}>
        <Input placeholder="请输入职务" maxLength={50} data-testid={`${testId}-postName`} />
      </Form.Item>
      <Form.Item name="phone" label="手机号码" rules={[schemaRule(shape.phone)]} extra={contact ? '显示为 138****1234 时不修改原号码' : undefined}>
        <Input placeholder="请输入手机号码" maxLength={11} inputMode="numeric" data-testid={`${testId}-phone`} />
      </Form.Item>
      <Form.Item name="email" label="邮箱" rules={[schemaRule(shape.email)]}>
        <Input placeholder="请输入邮箱" maxLength={45} data-testid={`${testId}-email`} />
      </Form.Item>
      <Form.Item name="seq" label="排序" extra={contact ? undefined : '不填则排在通讯录最后'}>
        <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="remark" label="备注" rules={[schemaRule(shape.remark)]}>
        <Input.TextArea rows={3} maxLength={255} showCount />
      </Form.Item>
      <Form.Item wrapperCol={{ offset: 0 }} style={{ marginLeft: 100 }}>
        <Space>
          <Button onClick={onCancel}>返回</Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid={`${testId}-save`}>
            {contact ? '保存' : '新增联系人'}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
