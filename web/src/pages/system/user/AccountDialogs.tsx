import { useState } from 'react';
import { Alert, Button, Empty, Modal, Spin, Table, Tree, Typography } from 'antd';
import type { ResetPasswordAnswer } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { useRoleTree } from '../../../api/system/user';
import { DIALOG_WIDTH } from '../../../components/crud/CrudFormDialog';
import { OneTimeSecretModal } from '../../../components/OneTimeSecretModal';

/**
 * 角色配置: the roles the signed-in user may grant, as a tree; the ticked ones replace the selected
 * users' roles. With one user selected the dialog starts from that user's roles.
 */
export function GrantDialog({
  open,
  initial,
  saving,
  onCancel,
  onOk,
}: {
  open: boolean;
  initial: string[];
  saving: boolean;
  onCancel: () => void;
  onOk: (roleIds: string[]) => void;
}) {
  const roles = useRoleTree(open);
  const [checked, setChecked] = useState<string[] | null>(null);
  const value = checked ?? initial;
  const close = () => {
    setChecked(null);
    onCancel();
  };
  return (
    <Modal
      open={open}
      title="角色配置"
      width={DIALOG_WIDTH}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      afterClose={() => setChecked(null)}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button
          key="ok"
          type="primary"
          loading={saving}
          data-testid="user-grant-submit"
          onClick={() => {
            if (!value.length) {
              toast.warning('请选择所属角色');
              return;
            }
            onOk(value);
          }}
        >
          确定
        </Button>,
      ]}
    >
      <div data-testid="user-grant-dialog" style={{ maxHeight: 420, overflow: 'auto' }}>
        {roles.isPending ? (
          <Spin />
        ) : roles.isError ? (
          <Alert type="error" showIcon title="角色加载失败" />
        ) : !roles.data?.length ? (
          <Empty description="暂无可分配的角色" />
        ) : (
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            treeData={roles.data}
            checkedKeys={value}
            onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
            // a click on the name ticks or unticks it too
            selectedKeys={[]}
            onSelect={(_keys, { node }) => {
              const key = String(node.key);
              setChecked(value.includes(key) ? value.filter((k) => k !== key) : [...value, key]);
            }}
          />
        )}
      </div>
    </Modal>
  );
}

/** The new passwords of 密码重置, shown this one time (the server keeps only their hashes). */
export function ResetPasswordsModal({ answers, onClose }: { answers: ResetPasswordAnswer[] | null; onClose: () => void }) {
  const text = (answers ?? []).map((a) => `${a.account}${a.realName ? `(${a.realName})` : ''}: ${a.password}`).join('\n');
  return (
    <OneTimeSecretModal
      open={Boolean(answers)}
      title="新密码"
      warning="新密码只显示这一次"
      description="关闭后将无法再次查看，请转交给账号本人，并提醒其登录后修改密码。"
      copy={{ label: '复制全部', text, failed: '复制失败，请手动选中密码复制' }}
      confirmText="我已记录"
      onClose={onClose}
      testId="user-reset-result"
      closeTestId="user-reset-close"
    >
      <Table<ResetPasswordAnswer>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={answers ?? []}
        columns={[
          { key: 'account', dataIndex: 'account', title: '登录账号' },
          { key: 'realName', dataIndex: 'realName', title: '用户姓名' },
          { key: 'password', dataIndex: 'password', title: '新密码', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        ]}
      />
    </OneTimeSecretModal>
  );
}
