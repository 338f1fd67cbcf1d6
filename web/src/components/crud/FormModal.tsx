import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { DIALOG_WIDTH } from './CrudFormDialog';

interface FormModalProps {
  title: string;
  open: boolean;
  saving: boolean;
  onCancel: () => void;
  /** The id of the caller's form, which 保存 submits. */
  formId: string;
  /** Prefix of the buttons' test ids (`-cancel`, `-submit`). */
  testId: string;
  children: ReactNode;
}

/**
 * A dialog of specification §9's width around a form of the caller's, with 取消 and 保存 (which submits
 * the form); a click on the mask does not close it, so typed values are not lost.
 */
export function FormModal({ title, open, saving, onCancel, formId, testId, children }: FormModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      width={DIALOG_WIDTH}
      onCancel={onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} data-testid={`${testId}-cancel`}>
          取消
        </Button>,
        <Button key="ok" type="primary" htmlType="submit" form={formId} loading={saving} data-testid={`${testId}-submit`}>
          保存
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
