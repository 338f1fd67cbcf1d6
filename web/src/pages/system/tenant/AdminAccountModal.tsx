import { Descriptions, Typography } from 'antd';
import { OneTimeSecretModal } from '../../../components/OneTimeSecretModal';

export interface IssuedAccount {
  tenantId: string;
  tenantName: string;
  account: string;
  password: string;
}

/** A new tenant's administrator account; its initial password is shown this one time (the server keeps only its hash). */
export function AdminAccountModal({ issued, onClose }: { issued: IssuedAccount | null; onClose: () => void }) {
  return (
    <OneTimeSecretModal
      open={Boolean(issued)}
      title="租户管理员账号"
      warning="初始密码只显示这一次"
      description="关闭后将无法再次查看，请复制并交给租户管理员，登录后及时修改密码。"
      onClose={onClose}
      testId="tenant-admin-modal"
      closeTestId="tenant-admin-close"
    >
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="租户">{issued ? `${issued.tenantName}（${issued.tenantId}）` : ''}</Descriptions.Item>
        <Descriptions.Item label="管理员账号">{issued?.account}</Descriptions.Item>
        <Descriptions.Item label="初始密码">
          <Typography.Text code copyable={{ text: issued?.password }} data-testid="tenant-admin-password">
            {issued?.password}
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
    </OneTimeSecretModal>
  );
}
