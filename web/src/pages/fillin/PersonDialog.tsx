import { useEffect, useState } from 'react';
import { Form, Modal, Spin } from 'antd';
import type { CollectPersonView, TemplateView } from '@gsl/contract';
import { fillinApi } from '../../api/fillin';
import { toast } from '../../api/feedback';
import { tellUnhandled } from '../../api/http';
import { TemplateForm, shownValues, type FormValuesIn } from './TemplateForm';

/**
 * 新增 / 修改 of a committee member or representative: the template-driven form; what the template hides is
 * not sent (the server drops it anyway). The masked certificate and mobile of a stored person are sent back
 * unchanged, which keeps the stored numbers.
 */
export function PersonDialog({
  open,
  person,
  template,
  onClose,
  onSaved,
}: {
  open: boolean;
  person: CollectPersonView | null;
  template: TemplateView | undefined;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form] = Form.useForm<FormValuesIn>();
  const [saving, setSaving] = useState(false);
  const initial: FormValuesIn = person ? { ...person.data, name: person.name, category: person.category } : {};
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = async () => {
    if (!template) return;
    try {
      await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const values = shownValues(template.fields, { ...initial, ...form.getFieldsValue(true) });
      const { msg } = await fillinApi.savePerson(person ? { ...values, id: person.id, version: person.version } : values);
      toast.success(msg);
      onSaved();
    } catch (e) {
      tellUnhandled(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={person ? '修改人员' : '新增人员'}
      width={880}
      onCancel={onClose}
      onOk={() => void save()}
      okText="保存"
      confirmLoading={saving}
      destroyOnHidden
    >
      {template ? <TemplateForm form={form} fields={template.fields} initialValues={initial} testId="person" /> : <Spin />}
    </Modal>
  );
}
