import { Descriptions, Typography } from 'antd';
import { OneTimeSecretModal } from '../../../components/OneTimeSecretModal';

export interface IssuedSecret {
  clientId: string;
  secret: string;
}

/** The secret generated for a new client, shown this one time (the server keeps only its hash). */
export function SecretModal({ issued, onClose }: { issued: IssuedSecret | null; onClose: () => void }) {
  return (
    <OneTimeSecretModal
      open={Boolean(issued)}
      title="客户端密钥"
      warning="密钥只显示这一次"
      description="关闭后将无法再次查看，请立即复制并妥善保存。遗失后只能在编辑中设置新的密钥。"
      copy={{ label: '复制密钥', text: issued?.secret ?? '', failed: '复制失败，请手动选中密钥复制', testId: 'client-secret-copy' }}
      onClose={onClose}
      testId="client-secret-modal"
      closeTestId="client-secret-close"
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="客户端编号">{issued?.clientId}</Descriptions.Item>
        <Descriptions.Item label="客户端密钥">
          <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="client-secret-value">
            {issued?.secret}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </OneTimeSecretModal>
  );
}
