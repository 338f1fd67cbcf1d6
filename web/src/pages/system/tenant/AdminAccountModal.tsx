import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { DIALOG_WIDTH } from '../../../components/crud/CrudFormDialog';

export interface IssuedAccount {
  tenantId: string;
  tenantName: string;
  account: string;
  password: string;
}

/**
 * A new tenant's administrator account. The server keeps only the password's hash and answers it
 * this one time, so the dialog says so, lets it be copied, and closes only through 我已保存.
 */
export function AdminAccountModal({ issued, onClose }: { issued: IssuedAccount | null; onClose: () => void }) {
  return (
    <Modal
      open={Boolean(issued)}
      title="租户管理员账号"
      width={DIALOG_WIDTH}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="close" type="primary" onClick={onClose} data-testid="tenant-admin-close">
          我已保存
        </Button>,
      ]}
    >
      <div data-testid="tenant-admin-modal">
        <Alert type="warning" showIcon title="初始密码只显示这一次" description="关闭后将无法再次查看，请复制并交给租户管理员，登录后及时修改密码。" style={{ marginBottom: 16 }} />
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="租户">{issued ? `${issued.tenantName}（${issued.tenantId}）` : ''}</Descriptions.Item>
          <Descriptions.Item label="管理员账号">{issued?.account}</Descriptions.Item>
          <Descriptions.Item label="初始密码">
            <Typography.Text code copyable={{ text: issued?.password }} data-testid="tenant-admin-password">
              {issued?.password}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      </div>
    </Modal>
  );
}
