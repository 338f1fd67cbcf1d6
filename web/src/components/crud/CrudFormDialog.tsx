import { useId } from 'react';
import { Button, Form, Input, Modal } from 'antd';
import { ReadOnlyLook, readOnlyControl } from './readOnly';
import type { CrudFormField, DialogMode } from './types';

/** Default dialog width of specification §9. */
export const DIALOG_WIDTH = 580;

const TITLES: Record<DialogMode, string> = { add: '新增', edit: '编辑', view: '查看' };

interface CrudFormDialogProps {
  open: boolean;
  mode: DialogMode;
  fields: CrudFormField[];
  initialValues?: Record<string, unknown>;
  saving: boolean;
  onCancel: () => void;
  /** Called with the validated values; the dialog stays open until the caller closes it. */
  onSubmit: (values: Record<string, unknown>) => void;
  /** Bumped by the caller to build a fresh form (each opening). */
  formKey: number;
  testId: string;
  /** Width of the labels; 96px by default. */
  labelWidth?: number;
}

/**
 * The add / edit / view dialog of a CRUD table (antd Modal, 580px). Fields are checked on blur and
 * all together on 保存; 查看 shows the same form read-only with only 关闭: values in full-contrast
 * text, an empty field as '-', no prompts to type.
 */
export function CrudFormDialog({ open, mode, fields, initialValues, saving, onCancel, onSubmit, formKey, testId, labelWidth }: CrudFormDialogProps) {
  const formId = `${useId()}-crud-form`;
  const readOnly = mode === 'view';
  const footer = readOnly
    ? [
        <Button key="close" onClick={onCancel} data-testid={`${testId}-form-close`}>
          关闭
        </Button>,
      ]
    : [
        <Button key="cancel" onClick={onCancel} data-testid={`${testId}-form-cancel`}>
          取消
        </Button>,
        <Button key="submit" type="primary" htmlType="submit" form={formId} loading={saving} data-testid={`${testId}-form-submit`}>
          保存
        </Button>,
      ];

  const form = (
    <DialogForm
      key={formKey}
      id={formId}
      fields={fields}
      initialValues={initialValues}
      readOnly={readOnly}
      onSubmit={onSubmit}
      testId={testId}
      labelWidth={labelWidth}
    />
  );
  return (
    <Modal open={open} title={TITLES[mode]} width={DIALOG_WIDTH} footer={footer} onCancel={onCancel} mask={{ closable: false }} destroyOnHidden>
      {readOnly ? <ReadOnlyLook>{form}</ReadOnlyLook> : form}
    </Modal>
  );
}

interface DialogFormProps {
  id: string;
  fields: CrudFormField[];
  initialValues?: Record<string, unknown>;
  readOnly: boolean;
  onSubmit: (values: Record<string, unknown>) => void;
  testId: string;
  labelWidth?: number;
}

/** Its own component so that every opening gets a fresh form instance with the row's values. */
function DialogForm({ id, fields, initialValues, readOnly, onSubmit, testId, labelWidth = 96 }: DialogFormProps) {
  const [form] = Form.useForm();
  return (
    <Form
      form={form}
      id={id}
      name={`${testId}-form`}
      data-testid={`${testId}-form`}
      labelCol={{ flex: `${labelWidth}px` }}
      wrapperCol={{ flex: 'auto' }}
      initialValues={initialValues}
      disabled={readOnly}
      onFinish={onSubmit}
    >
      {fields.map((field) => {
        const input = field.input ?? <Input placeholder={`请输入${field.label}`} />;
        return (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.label}
            required={!readOnly && field.required}
            rules={readOnly ? undefined : field.rules}
            validateTrigger={field.validateTrigger ?? 'onBlur'}
          >
            {readOnly ? readOnlyControl(input) : input}
          </Form.Item>
        );
      })}
    </Form>
  );
}
