import { DatePicker, Input, InputNumber, Radio, Select, TreeSelect } from 'antd';
import { PROFILE_TAG_NAMES, SEX_NAMES, USER_MSG, userSubmit } from '@gsl/contract';
import type { PostOption } from '@gsl/contract';
import type { TreeOption } from '../../../api/system/user';
import { codeOptions } from '../../../components/crud/crudLogic';
import { schemaField } from '../../../components/crud/formFields';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField, DialogMode } from '../../../components/crud/types';
import { samePassword } from './userLogic';

const shape = userSubmit.shape;

export interface UserFieldOptions {
  depts: TreeOption[];
  roles: TreeOption[];
  posts: PostOption[];
}

const FULL = { width: '100%' } as const;

/**
 * The user form (contract userSubmit): 登录账号, 密码 and 确认密码 (only when adding: an account's
 * password changes through 密码重置 or the owner's 修改密码), 用户姓名, 手机号码 with the §5 messages,
 * 所属角色, 所属机构, and the optional profile fields.
 */
export function userFields(mode: DialogMode, options: UserFieldOptions): CrudFormField[] {
  const adding = mode === 'add';
  const passwords: CrudFormField[] = [
    {
      name: 'password',
      label: '密码',
      required: true,
      rules: [
        {
          validator: async (_r, value: unknown) => {
            if (!value) throw new Error(USER_MSG.passwordRequired);
            const v = String(value);
            if (v.length < 8 || v.length > 128 || !/[A-Za-z]/.test(v) || !/\d/.test(v)) throw new Error(USER_MSG.initialPasswordWeak);
          },
        },
      ],
      input: <Input.Password placeholder="至少8位且包含字母和数字" autoComplete="new-password" maxLength={128} data-testid="user-field-password" />,
    },
    {
      name: 'password2',
      label: '确认密码',
      required: true,
      rules: [samePassword('password')],
      input: <Input.Password placeholder="请再次输入密码" autoComplete="new-password" maxLength={128} data-testid="user-field-password2" />,
    },
  ];
  return [
    schemaField('account', '登录账号', shape.account, {
      required: true,
      input: <Input placeholder="请输入登录账号" maxLength={45} autoComplete="off" data-testid="user-field-account" />,
    }),
    ...(adding ? passwords : []),
    schemaField('realName', '用户姓名', shape.realName, { required: true, maxLength: 20, testId: 'user-field-realName' }),
    schemaField('name', '用户昵称', shape.name, { maxLength: 20 }),
    schemaField('phone', '手机号码', shape.phone, { required: true, maxLength: 11, testId: 'user-field-phone' }),
    schemaField('email', '电子邮箱', shape.email, { maxLength: 45 }),
    { name: 'sex', label: '用户性别', validateTrigger: 'onChange', input: <Radio.Group options={codeOptions(SEX_NAMES)} /> },
    { name: 'birthday', label: '用户生日', input: <DatePicker style={FULL} placeholder="请选择用户生日" /> },
    {
      name: 'roleIds',
      label: '所属角色',
      required: true,
      validateTrigger: ['onChange', 'onBlur'],
      rules: [{ required: true, type: 'array', min: 1, message: USER_MSG.roleRequired }],
      input: <TreeSelect style={FULL} treeData={options.roles} multiple treeDefaultExpandAll placeholder="请选择所属角色" data-testid="user-field-roles" />,
    },
    {
      name: 'deptId',
      label: '所属机构',
      required: true,
      validateTrigger: ['onChange', 'onBlur'],
      rules: [{ required: true, message: USER_MSG.deptRequired }],
      input: (
        <TreeSelect
          style={FULL}
          treeData={options.depts}
          showSearch
          treeNodeFilterProp="title"
          placeholder="请选择所属机构"
          data-testid="user-field-dept"
          popupMatchSelectWidth={false}
        />
      ),
    },
    {
      name: 'postId',
      label: '所属岗位',
      validateTrigger: 'onChange',
      input: <Select allowClear style={FULL} placeholder="请选择所属岗位" options={options.posts.map((p) => ({ value: p.id, label: p.postName }))} />,
    },
    {
      name: 'profileTag',
      label: '人员标签',
      validateTrigger: 'onChange',
      input: (
        <Select allowClear style={FULL} placeholder="默认按所属机构" options={Object.entries(PROFILE_TAG_NAMES).map(([value, label]) => ({ value, label }))} />
      ),
    },
    schemaField('code', '用户编号', shape.code, { maxLength: 12 }),
    {
      name: 'seq',
      label: '用户排序',
      rules: [schemaRule(shape.seq)],
      input: <InputNumber style={FULL} min={0} max={1_000_000} precision={0} placeholder="请输入用户排序" />,
    },
    {
      name: 'isAddressBook',
      label: '通讯录显示',
      validateTrigger: 'onChange',
      input: (
        <Radio.Group
          options={[
            { value: 1, label: '显示' },
            { value: 0, label: '不显示' },
          ]}
        />
      ),
    },
  ];
}
