import type { ReactNode } from 'react';
import { Alert, Button, Modal } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { toast } from '../api/feedback';
import { copyText } from './copyText';
import { DIALOG_WIDTH } from './crud/CrudFormDialog';

/**
 * A secret the server answers once and keeps only as a hash (a client's secret, a new tenant's admin
 * password, reset passwords): the dialog warns that it is shown this one time, may offer 复制, and
 * closes only through its confirm button (no close icon, no mask click, no Esc).
 */
export function OneTimeSecretModal({
  open,
  title,
  warning,
  description,
  copy,
  confirmText = '我已保存',
  onClose,
  testId,
  closeTestId,
  children,
}: {
  open: boolean;
  title: string;
  /** The warning's title, e.g. 密钥只显示这一次. */
  warning: string;
  description: string;
  /** 复制 button: its label, the text copied, and what to say when the clipboard refuses. */
  copy?: { label: string; text: string; failed: string; testId?: string };
  confirmText?: string;
  onClose: () => void;
  /** Test ids of the body and of the confirm button. */
  testId: string;
  closeTestId: string;
  children: ReactNode;
}) {
  const doCopy = async () => {
    if (!copy) return;
    if (await copyText(copy.text)) toast.success('已复制到剪贴板');
    else toast.error(copy.failed);
  };
  return (
    <Modal
      open={open}
      title={title}
      width={DIALOG_WIDTH}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        ...(copy
          ? [
              <Button key="copy" icon={<CopyOutlined />} onClick={() => void doCopy()} data-testid={copy.testId}>
                {copy.label}
              </Button>,
            ]
          : []),
        <Button key="close" type="primary" onClick={onClose} data-testid={closeTestId}>
          {confirmText}
        </Button>,
      ]}
    >
      <div data-testid={testId}>
        <Alert type="warning" showIcon title={warning} description={description} style={{ marginBottom: 16 }} />
        {children}
      </div>
    </Modal>
  );
}
