import { Alert, Form } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, type TenantView } from '@gsl/contract';
import { toast } from '../../../api/feedback';
import { tellUnhandled } from '../../../api/http';
import { tenantApi, tenantSetting, usePackageOptions } from '../../../api/system/tenant';
import { FormModal } from '../../../components/crud/FormModal';
import { settingFields } from './fields';
import { settingBody, toPicker } from './tenantLogic';

/**
 * 租户授权 (button tenant_setting; BladeX tenant/setting): the tenant's account quota (-1 不限),
 * expiry (none: never) and product package. Saving changes them at once (更新成功); an expired
 * tenant's users are refused at sign-on, a package change takes the menus outside it from the
 * tenant's roles.
 */
export function SettingModal({ tenant, onClose }: { tenant: TenantView | null; onClose: () => void }) {
  const client = useQueryClient();
  const packages = usePackageOptions(Boolean(tenant));
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => tenantSetting([tenant!.id], settingBody(values)),
    onSettled: () => client.invalidateQueries({ queryKey: tenantApi.queryKey }),
  });

  const submit = (values: Record<string, unknown>) =>
    save.mutateAsync(values).then(
      ({ msg }) => {
        toast.success(msg || MSG.updated);
        onClose();
      },
      (error: unknown) => {
        tellUnhandled(error);
      },
    );

  return (
    <FormModal open={Boolean(tenant)} title="租户授权" onCancel={onClose} saving={save.isPending} formId="tenant-setting-form" testId="tenant-setting">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={tenant ? `${tenant.tenantName}（${tenant.tenantId}）` : ''}
        description="账号额度为 -1 表示不限；过期后该租户的用户将无法登录；更换产品包后，租户各角色将只保留产品包内的菜单。"
      />
      <Form
        key={tenant ? `${tenant.id}:${tenant.version}` : 'none'}
        id="tenant-setting-form"
        name="tenant-setting"
        data-testid="tenant-setting-form"
        labelCol={{ flex: '96px' }}
        wrapperCol={{ flex: 'auto' }}
        initialValues={
          tenant ? { accountNumber: tenant.accountNumber, expireTime: toPicker(tenant.expireTime), packageId: tenant.packageId ?? undefined } : undefined
        }
        onFinish={submit}
      >
        {settingFields(packages.data ?? [], packages.isFetching).map((f) => (
          <Form.Item key={f.name} name={f.name} label={f.label} rules={f.rules} validateTrigger={f.validateTrigger ?? 'onBlur'}>
            {f.input}
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}
