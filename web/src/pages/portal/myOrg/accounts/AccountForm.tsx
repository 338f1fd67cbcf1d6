import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Radio, Select, Spin, Switch, TreeSelect, Typography } from 'antd';
import {
  ORG_ACCOUNT_MSG,
  PASSWORD_DELIVERY_NAMES,
  SEX_NAMES,
  USER_MSG,
  orgAccountAdd,
  orgAccountUpdate,
  type OrgAccountTag,
  type PasswordDelivery,
  type UserView,
} from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { addOrgAccount, orgAccountKeys, updateOrgAccount, useOrgAccount, useOrgRoleTree } from '../../../../api/myorg/orgAccount';
import { usePermissions } from '../../../../api/system/menu';
import { useDeptTree } from '../../../../api/system/user';
import { useCan } from '../../../../components/Access';
import { schemaRule } from '../../../../components/crud/schemaRule';
import { LoadError } from '../../../../components/LoadError';
import { OneTimeSecretModal } from '../../../../components/OneTimeSecretModal';
import { ACCOUNT_SCREENS, accountBody, accountFormValues, orgChoices, roleChoices, type AccountScreen } from './accountLogic';
import { NoAccess } from './NoAccess';
import './accounts.css';

const shape = orgAccountAdd.shape;
const FULL = { width: '100%' };
const DELIVERIES = Object.entries(PASSWORD_DELIVERY_NAMES) as Array<[PasswordDelivery, string]>;

/**
 * 新增 / 修改 of 工商联账号管理 and 商会账号管理 (addAcount / updateAcount, add / update): the account's org (one
 * of the screen's kind, inside the manager's scope), its names and contacts, and its roles — chosen among
 * those the org may use, the ones carrying more than the manager holds shown but not selectable. A new
 * account's password is the server's: shown here once, or sent by SMS / e-mail; the owner must change it
 * at the first sign-on.
 */
export function AccountFormPage({ tag, mode }: { tag: OrgAccountTag; mode: 'add' | 'update' }) {
  const screen = ACCOUNT_SCREENS[tag];
  const can = useCan();
  const permissions = usePermissions();
  const [params] = useSearchParams();
  const id = mode === 'update' ? params.get('id') : null;
  const account = useOrgAccount(id);
  const title = mode === 'add' ? `新增${screen.kind}账号` : `修改${screen.kind}账号`;

  if (permissions.isPending) return <Spin className="org-accounts__state" aria-label="加载中" />;
  if (!can(`${screen.menu}_${mode === 'add' ? 'add' : 'edit'}`)) return <NoAccess title={title} />;
  if (mode === 'update') {
    if (!id) return <LoadError message="未指定要修改的账号" testId="org-account-form-error" />;
    if (account.isPending) return <Spin className="org-accounts__state" aria-label="加载中" />;
    if (account.isError || !account.data) return <LoadError message="账号加载失败" onRetry={() => void account.refetch()} testId="org-account-form-error" />;
  }
  return (
    <Card title={title} className="org-account-form" data-testid="org-account-form">
      <AccountForm key={account.data?.id ?? 'new'} screen={screen} row={mode === 'update' ? account.data : undefined} />
    </Card>
  );
}

function AccountForm({ screen, row }: { screen: AccountScreen; row?: UserView }) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const navigate = useNavigate();
  const client = useQueryClient();
  const depts = useDeptTree();
  const orgs = useMemo(() => orgChoices(depts.data ?? [], screen.categories), [depts.data, screen.categories]);
  const deptId = Form.useWatch('deptId', form) as string | undefined;
  const phone = Form.useWatch('phone', form) as string | undefined;
  const email = Form.useWatch('email', form) as string | undefined;
  const roles = useOrgRoleTree(deptId);
  const roleTree = useMemo(() => roleChoices(roles.data ?? []), [roles.data]);
  const [saving, setSaving] = useState(false);
  const [issued, setIssued] = useState<{ account: string; password: string } | null>(null);
  const adding = !row;

  const back = () => navigate(screen.list);

  const save = async (values: Record<string, unknown>) => {
    setSaving(true);
    try {
      if (adding) {
        const { msg, data } = await addOrgAccount(screen.tag, accountBody(values));
        toast.success(msg);
        void client.invalidateQueries({ queryKey: orgAccountKeys.all });
        if (data.password) setIssued({ account: data.user.account, password: data.password });
        else back();
      } else {
        const { msg } = await updateOrgAccount(accountBody(values, row));
        toast.success(msg);
        void client.invalidateQueries({ queryKey: orgAccountKeys.all });
        back();
      }
    } catch (error) {
      tellUnhandled(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Form
        form={form}
        name={`org-account-${screen.tag}`}
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 'auto' }}
        validateTrigger="onBlur"
        initialValues={row ? accountFormValues(row) : { passwordDelivery: 'show', isAddressBook: true, seq: 0, roleIds: [] }}
        onValuesChange={(changed) => {
          // Another org offers other roles: the chosen ones are chosen again.
          if ('deptId' in changed) form.setFieldValue('roleIds', []);
        }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="deptId"
          label="所属机构"
          required
          rules={[{ required: true, message: USER_MSG.deptRequired }]}
          validateTrigger={['onChange', 'onBlur']}
        >
          <TreeSelect
            style={FULL}
            treeData={orgs}
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            loading={depts.isPending}
            placeholder={`请选择${screen.kind}`}
            notFoundContent={depts.isError ? '机构加载失败' : `暂无可选的${screen.kind}`}
            popupMatchSelectWidth={false}
            data-testid="org-account-dept"
          />
        </Form.Item>
        <Form.Item name="account" label="登录账号" required={adding} rules={adding ? [schemaRule(shape.account)] : []}>
          <Input placeholder="请输入登录账号" maxLength={45} disabled={!adding} autoComplete="off" data-testid="org-account-account" />
        </Form.Item>
        <Form.Item name="realName" label="用户姓名" required rules={[schemaRule(shape.realName)]}>
          <Input placeholder="请输入姓名" maxLength={20} data-testid="org-account-realName" />
        </Form.Item>
        <Form.Item name="name" label="用户昵称" rules={[schemaRule(shape.name)]}>
          <Input placeholder="请输入昵称" maxLength={20} />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号码"
          rules={[schemaRule(row ? orgAccountUpdate.shape.phone : shape.phone)]}
          extra={row ? '显示为 138****1234 时不修改原号码' : undefined}
        >
          <Input placeholder="请输入手机号码" maxLength={11} inputMode="numeric" data-testid="org-account-phone" />
        </Form.Item>
        <Form.Item name="email" label="电子邮箱" rules={[schemaRule(shape.email)]}>
          <Input placeholder="请输入电子邮箱" maxLength={45} data-testid="org-account-email" />
        </Form.Item>
        <Form.Item name="sex" label="用户性别">
          <Select
            allowClear
            placeholder="请选择用户性别"
            options={Object.entries(SEX_NAMES).map(([value, label]) => ({ value: Number(value), label }))}
            style={{ width: 200 }}
          />
        </Form.Item>
        <Form.Item
          name="roleIds"
          label="所属角色"
          required
          rules={[{ required: true, type: 'array', min: 1, message: USER_MSG.roleRequired }]}
          validateTrigger={['onChange', 'onBlur']}
          extra="只能选择不超出您本人权限的角色"
        >
          <TreeSelect
            style={FULL}
            treeData={roleTree}
            multiple
            treeDefaultExpandAll
            disabled={!deptId}
            loading={roles.isFetching}
            placeholder={deptId ? '请选择所属角色' : '请先选择所属机构'}
            notFoundContent={roles.isError ? '角色加载失败' : '暂无可分配的角色'}
            data-testid="org-account-roles"
          />
        </Form.Item>
        <Form.Item name="seq" label="排序">
          <InputNumber min={0} max={1_000_000} precision={0} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="isAddressBook" label="通讯录显示" valuePropName="checked">
          <Switch />
        </Form.Item>
        {adding && (
          <Form.Item
            name="passwordDelivery"
            label="初始密码"
            extra="初始密码由系统生成，账号本人首次登录后须修改"
            rules={[
              {
                validator: async (_r, v: PasswordDelivery) => {
                  if (v === 'sms' && !phone?.trim()) throw new Error(ORG_ACCOUNT_MSG.phoneForSms);
                  if (v === 'email' && !email?.trim()) throw new Error(ORG_ACCOUNT_MSG.emailForMail);
                },
              },
            ]}
            validateTrigger={['onChange', 'onBlur']}
          >
            <Radio.Group
              options={DELIVERIES.map(([value, label]) => ({
                value,
                label,
                disabled: (value === 'sms' && !phone?.trim()) || (value === 'email' && !email?.trim()),
              }))}
              data-testid="org-account-delivery"
            />
          </Form.Item>
        )}
        <Form.Item label=" " colon={false}>
          <div className="org-account-form__actions">
            <Button type="primary" htmlType="submit" loading={saving} data-testid="org-account-submit">
              保存
            </Button>
            <Button onClick={back}>返回</Button>
          </div>
        </Form.Item>
      </Form>
      <OneTimeSecretModal
        open={Boolean(issued)}
        title="初始密码"
        warning="初始密码只显示这一次"
        description="关闭后将无法再次查看，请转交给账号本人；账号本人首次登录后须修改密码。"
        copy={{ label: '复制', text: issued ? `${issued.account}: ${issued.password}` : '', failed: '复制失败，请手动选中密码复制' }}
        confirmText="我已记录"
        onClose={() => {
          setIssued(null);
          back();
        }}
        testId="org-account-password"
        closeTestId="org-account-password-close"
      >
        <Typography.Paragraph>
          登录账号：<Typography.Text strong>{issued?.account}</Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph>
          初始密码：
          <Typography.Text code data-testid="org-account-password-value">
            {issued?.password}
          </Typography.Text>
        </Typography.Paragraph>
      </OneTimeSecretModal>
    </>
  );
}
