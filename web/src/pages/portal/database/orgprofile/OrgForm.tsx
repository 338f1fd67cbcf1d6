import type { ReactNode } from 'react';
import { Button, Form } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MSG, ORG_PROFILE_FIELDS } from '@gsl/contract';
import { orgProfileKeys, orgProfileSubmit, type OrgProfile } from '../../../../api/profile';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { useCan } from '../../../../components/Access';
import { ReadOnlyLook, readOnlyControl } from '../../../../components/crud/readOnly';
import { bodyOf, formFieldOf, formValuesOf } from '../profileKit/fieldKit';

const F = ORG_PROFILE_FIELDS;

/** The org profile's parts edited as forms (the rest are sections with rows). */
export const ORG_FORM_PARTS: Record<'basic' | 'introduction' | 'party' | 'contact', string[]> = {
  basic: [
    'name',
    'englishName',
    'orgCode',
    'creditCode',
    'promoter',
    'registrationAuthority',
    'representative',
    'registrationInfo',
    'competentUnit',
    'legalPersonType',
    'status',
    'level',
    'nature',
    'registeredFund',
    'orgType',
    'regionCode',
    'chamberType',
    'certValidFrom',
    'certValidTo',
    'establishedDate',
    'registeredDate',
    'zipCode',
    'relation',
    'address',
    'registeredAddress',
    'reasonNotRegistered',
    'duties',
    'changes',
    'purpose',
    'businessScope',
    'logo',
  ],
  introduction: ['introduction'],
  party: ['partyOrgName', 'partyMemberCount', 'partyBuilding'],
  contact: ['contactPerson', 'contactPhone', 'email', 'website', 'fax'],
};
const WIDE = new Set([
  'registrationInfo',
  'reasonNotRegistered',
  'duties',
  'changes',
  'purpose',
  'businessScope',
  'introduction',
  'partyBuilding',
  'address',
  'registeredAddress',
  'logo',
]);

/**
 * One part of the org profile as a form: its fields by their contract description, saved with the
 * org, the version read (a stale one shows the server's 数据已被他人修改) and the name (required on
 * every save). Only the given fields change. Read-only without profile_org_edit (or when `readOnly`).
 * 所在地区 is picked province → city → county and shown by name. A guided use (我的组织 › 填报指引) names its
 * save button, adds its own buttons and hears about each save.
 */
export function OrgForm({
  profile,
  names,
  testId,
  readOnly = false,
  saveLabel = '保存',
  actions,
  onSaved,
}: {
  profile: OrgProfile;
  names: string[];
  testId: string;
  readOnly?: boolean;
  saveLabel?: string;
  /** Further buttons beside 保存 (上一步 …). */
  actions?: ReactNode;
  onSaved?: (saved: OrgProfile) => void;
}) {
  const can = useCan();
  const editable = !readOnly && can('profile_org_edit');
  const client = useQueryClient();
  const [form] = Form.useForm();
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const body = bodyOf(values, true);
      return orgProfileSubmit({ name: profile.name, ...body, deptId: profile.deptId, version: profile.version });
    },
    onSettled: () => client.invalidateQueries({ queryKey: orgProfileKeys.detail(profile.deptId) }),
  });
  const shown = (
    <Form
      key={`${profile.deptId}-${profile.version}`}
      form={form}
      layout="horizontal"
      labelCol={{ flex: '140px' }}
      labelWrap
      disabled={!editable}
      initialValues={formValuesOf(F, profile, names)}
      onFinish={(values) =>
        save.mutateAsync(values).then(({ data, msg }) => {
          toast.success(msg || MSG.updated);
          onSaved?.(data);
        }, tellUnhandled)
      }
      data-testid={testId}
      className="org-form"
    >
      <div className={names.length > 3 ? 'org-form__grid' : undefined}>
        {names.map((n) => {
          const f = formFieldOf(n, F[n], 'orgprofile');
          return (
            <Form.Item
              key={n}
              name={n}
              label={f.label}
              required={f.required}
              rules={f.rules}
              validateTrigger={f.validateTrigger ?? 'onBlur'}
              className={WIDE.has(n) ? 'org-form__wide' : undefined}
            >
              {editable ? f.input : readOnlyControl(f.input)}
            </Form.Item>
          );
        })}
      </div>
      {editable && (
        <div className="org-profile__actions">
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={save.isPending} data-testid={`${testId}-save`}>
            {saveLabel}
          </Button>
          <Button onClick={() => form.resetFields()} disabled={save.isPending}>
            重置
          </Button>
          {actions}
        </div>
      )}
    </Form>
  );
  // without the right to edit, the profile is read: values in full contrast, '-' for an empty field
  return editable ? shown : <ReadOnlyLook>{shown}</ReadOnlyLook>;
}
