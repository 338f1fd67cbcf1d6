import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Radio, Space, Spin, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { SEX_NAMES, USER_MSG, type MyProfileView } from '@gsl/contract';
import { toast } from '../../../../api/feedback';
import { tellUnhandled } from '../../../../api/http';
import { myCenterKeys, updateMyProfile, uploadAvatar, useMyProfile } from '../../../../api/mycenter/profile';
import { userKeys } from '../../../../api/system/user';
import { LoadError } from '../../../../components/LoadError';
import { MyCenterLayout } from '../MyCenterLayout';
import { AvatarImage } from '../parts';
import { EMAIL_RULES, avatarProblem, profileFormOf, profileUpdateOf, type ProfileForm } from '../myCenterLogic';

const SEX_OPTIONS = Object.entries(SEX_NAMES).map(([value, label]) => ({ value: Number(value), label }));

/** The avatar control: the picture, 上传头像 (jpg/png, ≤ 500 KB, checked before it goes up) and 移除. */
function AvatarField({ id, value, onChange }: { id?: string; value?: string | null; onChange?: (v: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <Space size="large" align="center">
      <AvatarImage link={value} />
      <Space orientation="vertical" size={4}>
        <Space>
          <Upload
            accept=".jpg,.jpeg,.png,image/jpeg,image/png"
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = avatarProblem(file);
              if (problem) {
                toast.error(problem);
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={({ file }) => {
              setBusy(true);
              uploadAvatar(file as File)
                .then((a) => {
                  onChange?.(a.link);
                  toast.success('头像已上传，保存后生效');
                }, tellUnhandled)
                .finally(() => setBusy(false));
            }}
          >
            <Button id={id} icon={<UploadOutlined />} loading={busy} data-testid="my-avatar-upload">
              上传头像
            </Button>
          </Upload>
          {value && (
            <Button onClick={() => onChange?.(null)} data-testid="my-avatar-remove">
              移除
            </Button>
          )}
        </Space>
        <Typography.Text type="secondary">支持 jpg、png 格式，大小不超过500KB</Typography.Text>
      </Space>
    </Space>
  );
}

function ProfileEditor({ profile }: { profile: MyProfileView }) {
  const client = useQueryClient();
  const [form] = Form.useForm<ProfileForm>();
  const [saving, setSaving] = useState(false);
  useEffect(() => form.setFieldsValue(profileFormOf(profile)), [form, profile]);

  const save = async (values: ProfileForm) => {
    setSaving(true);
    try {
      const { data, msg } = await updateMyProfile(profileUpdateOf(values, profile));
      toast.success(msg || '更新成功');
      client.setQueryData(myCenterKeys.profile, data);
      void client.invalidateQueries({ queryKey: userKeys.info });
    } catch (err) {
      tellUnhandled(err); // the transport told a refusal (数据已被他人修改,请刷新后重试 …)
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<ProfileForm>
      form={form}
      name="my-profile"
      data-testid="my-profile-form"
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: 'auto' }}
      style={{ maxWidth: 640 }}
      initialValues={profileFormOf(profile)}
      onFinish={(values) => void save(values)}
    >
      <Form.Item name="avatar" label="头像">
        <AvatarField />
      </Form.Item>
      <Form.Item label="登录账号">
        <span data-testid="my-account">{profile.account}</span>
      </Form.Item>
      <Form.Item name="realName" label="姓名" rules={[{ required: true, whitespace: true, message: USER_MSG.realNameRequired }]}>
        <Input maxLength={20} placeholder="请输入姓名" data-testid="my-realName" />
      </Form.Item>
      <Form.Item name="name" label="昵称">
        <Input maxLength={20} placeholder="请输入昵称" data-testid="my-name" />
      </Form.Item>
      <Form.Item name="sex" label="性别">
        <Radio.Group options={SEX_OPTIONS} data-testid="my-sex" />
      </Form.Item>
      <Form.Item name="email" label="电子邮箱" rules={EMAIL_RULES} validateTrigger="onBlur">
        <Input maxLength={45} placeholder="请输入电子邮箱" data-testid="my-email" />
      </Form.Item>
      <Form.Item label="手机号码">
        <Space>
          <span data-testid="my-phone">{profile.phone ?? '未绑定'}</span>
          {profile.phoneBound ? (
            <Link to="/portal/myCenter/changingPhone" data-testid="my-phone-change">
              更换手机号
            </Link>
          ) : (
            <Link to="/portal/myCenter/boundPhone" data-testid="my-phone-bind">
              绑定手机
            </Link>
          )}
        </Space>
      </Form.Item>
      <Form.Item label="所属机构">
        <span data-testid="my-dept">{profile.deptName || '-'}</span>
      </Form.Item>
      <Form.Item label="岗位">
        <span data-testid="my-posts">{profile.postNames.length ? profile.postNames.join('、') : '-'}</span>
      </Form.Item>
      <Form.Item label="角色">
        <span>{profile.roleNames || '-'}</span>
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="my-profile-save">
            保存
          </Button>
          <Button onClick={() => form.setFieldsValue(profileFormOf(profile))}>重置</Button>
        </Space>
      </Form.Item>
    </Form>
  );
}

/**
 * 基本信息 (/portal/myCenter/basicInformation, specification §2): the user's own profile — 姓名, 昵称,
 * 性别, 电子邮箱 and the avatar (§5: jpg/png, at most 500 KB, checked before the upload) — saved with 保存
 * (更新成功). The phone is shown masked and changed only through 绑定手机 / 更换手机号; the org, post and
 * roles are read-only here.
 */
export default function BasicInformationPage() {
  const profile = useMyProfile();
  return (
    <MyCenterLayout title="基本信息">
      {profile.isPending ? (
        <div className="my-center__state">
          <Spin />
        </div>
      ) : profile.isError || !profile.data ? (
        <LoadError message="个人资料加载失败" onRetry={profile.refetch} testId="my-profile-error" />
      ) : (
        <ProfileEditor profile={profile.data} />
      )}
    </MyCenterLayout>
  );
}
