import { useNavigate, useSearchParams } from 'react-router';
import { Button, Card, Descriptions, Space, Spin, Tag } from 'antd';
import { USER_STATUS_NAMES, type OrgAccountTag } from '@gsl/contract';
import { useOrgAccount } from '../../../../api/myorg/orgAccount';
import { usePermissions } from '../../../../api/system/menu';
import { useCan } from '../../../../components/Access';
import { LoadError } from '../../../../components/LoadError';
import { ACCOUNT_SCREENS } from './accountLogic';
import { NoAccess } from './NoAccess';
import './accounts.css';

const dash = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '-' : v);

/**
 * 查看 of 工商联账号管理 / 商会账号管理: one account as the server answers it (userProfile/detail; the phone
 * masked as on 用户管理), read-only, with 修改 when the user may change it.
 */
export function AccountViewPage({ tag }: { tag: OrgAccountTag }) {
  const screen = ACCOUNT_SCREENS[tag];
  const can = useCan();
  const permissions = usePermissions();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id');
  const account = useOrgAccount(id);
  const title = `查看${screen.kind}账号`;

  if (permissions.isPending) return <Spin className="org-accounts__state" aria-label="加载中" />;
  if (!can(`${screen.menu}_view`)) return <NoAccess title={title} />;
  if (!id) return <LoadError message="未指定要查看的账号" testId="org-account-view-error" />;
  if (account.isPending) return <Spin className="org-accounts__state" aria-label="加载中" />;
  if (account.isError || !account.data) return <LoadError message="账号加载失败" onRetry={() => void account.refetch()} testId="org-account-view-error" />;
  const u = account.data;
  return (
    <Card
      title={title}
      className="org-account-form"
      data-testid="org-account-view"
      extra={
        <Space>
          {can(`${screen.menu}_edit`) && (
            <Button type="primary" onClick={() => navigate(`${screen.update}?id=${u.id}`)} data-testid="org-account-view-edit">
              修改
            </Button>
          )}
          <Button onClick={() => navigate(screen.list)}>返回</Button>
        </Space>
      }
    >
      <Descriptions column={2} bordered size="middle" styles={{ label: { width: 120 } }}>
        <Descriptions.Item label="登录账号">
          <span data-testid="org-account-view-account">{u.account}</span>
        </Descriptions.Item>
        <Descriptions.Item label="用户姓名">{dash(u.realName)}</Descriptions.Item>
        <Descriptions.Item label="用户昵称">{dash(u.name)}</Descriptions.Item>
        <Descriptions.Item label="所属机构">{dash(u.deptName)}</Descriptions.Item>
        <Descriptions.Item label="所属角色">{dash(u.roleNames)}</Descriptions.Item>
        <Descriptions.Item label="手机号码">{dash(u.phone)}</Descriptions.Item>
        <Descriptions.Item label="电子邮箱">{dash(u.email)}</Descriptions.Item>
        <Descriptions.Item label="用户性别">{dash(u.sexName)}</Descriptions.Item>
        <Descriptions.Item label="账号状态">
          <Space size={4} wrap>
            <Tag color={u.status === 1 ? 'success' : 'error'}>{USER_STATUS_NAMES[u.status] ?? u.statusName}</Tag>
            {u.locked && <Tag color="warning">已锁定{u.lockedUntil ? `（至 ${u.lockedUntil}）` : ''}</Tag>}
            {u.passwordResetRequired === 1 && <Tag color="processing">待修改初始密码</Tag>}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label="通讯录显示">{u.isAddressBook === 1 ? '是' : '否'}</Descriptions.Item>
        <Descriptions.Item label="排序">{u.seq}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{dash(u.createTime)}</Descriptions.Item>
        <Descriptions.Item label="更新时间">{dash(u.updateTime)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
