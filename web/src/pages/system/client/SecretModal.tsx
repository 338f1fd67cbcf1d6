import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { toast } from '../../../api/feedback';
import { DIALOG_WIDTH } from '../../../components/crud/CrudFormDialog';
import { copyText } from './copyText';

export interface IssuedSecret {
  clientId: string;
  secret: string;
}

/**
 * The secret generated for a new client. The server keeps only its hash and answers it this one time,
 * so the dialog says so, offers 复制, and closes only through 我已保存 (no mask click, no Esc).
 */
export function SecretModal({ issued, onClose }: { issued: IssuedSecret | null; onClose: () => void }) {
  const copy = async () => {
    if (!issued) return;
    if (await copyText(issued.secret)) toast.success('已复制到剪贴板');
    else toast.error('复制失败，请手动选中密钥复制');
  };
  return (
    <Modal
      open={Boolean(issued)}
      title="客户端密钥"
      width={DIALOG_WIDTH}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="client-secret-copy">
          复制密钥
        </Button>,
        <Button key="close" type="primary" onClick={onClose} data-testid="client-secret-close">
          我已保存
        </Button>,
      ]}
    >
      <div data-testid="client-secret-modal">
        <Alert type="warning" showIcon title="密钥只显示这一次" description="关闭后将无法再次查看，请立即复制并妥善保存。遗失后只能在编辑中设置新的密钥。" style={{ marginBottom: 16 }} />
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="客户端编号">{issued?.clientId}</Descriptions.Item>
          <Descriptions.Item label="客户端密钥">
            <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="client-secret-value">
              {issued?.secret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </div>
    </Modal>
  );
}
