import { Input, InputNumber, Radio, Select } from 'antd';
import { CLIENT_MSG, GRANT_TYPES, clientSubmit } from '@gsl/contract';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField, DialogMode } from '../../../components/crud/types';
import { refreshNotShorter, requiredThen } from './clientLogic';

const shape = clientSubmit.shape;

export const STATUS_OPTIONS = [
  { label: '启用', value: 1 },
  { label: '禁用', value: 0 },
];

const GRANT_OPTIONS = GRANT_TYPES.map((g) => ({ label: g, value: g }));
/** Full width; `contain` keeps the chosen tags from widening the control past its column (they wrap instead). */
const GRANT_SELECT_STYLE = { width: '100%', contain: 'inline-size' } as const;
const text = (name: string, label: string, placeholder = `请输入${label}`): CrudFormField => ({
  name,
  label,
  rules: [schemaRule(shape[name as keyof typeof shape])],
  input: <Input placeholder={placeholder} maxLength={256} />,
});

/**
 * The client form (contract clientSubmit): 客户端编号 and 授权类型 required; the secret is optional — a
 * new client left without one gets a generated secret shown once, an edited client keeps its own
 * unless a new one is typed — and is never shown in 查看.
 */
export function clientFields(mode: DialogMode): CrudFormField[] {
  const secret: CrudFormField = {
    name: 'clientSecret',
    label: '客户端密钥',
    rules: [schemaRule(shape.clientSecret)],
    input: (
      <Input.Password placeholder={mode === 'add' ? '留空则自动生成（仅显示一次）' : '留空则保持原密钥不变'} autoComplete="new-password" maxLength={200} />
    ),
  };
  return [
    {
      name: 'clientId',
      label: '客户端编号',
      required: true,
      rules: [requiredThen(CLIENT_MSG.idRequired, shape.clientId)],
      input: <Input placeholder="字母、数字、_ 或 -，2到48位" maxLength={48} />,
    },
    ...(mode === 'view' ? [] : [secret]),
    {
      name: 'authorizedGrantTypes',
      label: '授权类型',
      required: true,
      rules: [requiredThen(CLIENT_MSG.grantRequired)],
      validateTrigger: ['onChange', 'onBlur'],
      input: <Select mode="multiple" allowClear placeholder="请选择授权类型" options={GRANT_OPTIONS} style={GRANT_SELECT_STYLE} />,
    },
    text('scope', '授权范围'),
    {
      ...text('webServerRedirectUri', '回调地址', 'http(s) 地址或以 / 开头的路径，多个以逗号分隔'),
      input: <Input.TextArea placeholder="http(s) 地址或以 / 开头的路径，多个以逗号分隔" autoSize={{ minRows: 2, maxRows: 4 }} maxLength={2000} />,
    },
    text('resourceIds', '资源集合'),
    text('authorities', '权限'),
    text('autoapprove', '自动授权'),
    {
      name: 'accessTokenValidity',
      label: '访问令牌时效',
      required: true,
      rules: [requiredThen('请输入访问令牌时效', shape.accessTokenValidity)],
      input: <InputNumber min={60} max={86400 * 30} precision={0} suffix="秒" style={{ width: '100%' }} placeholder="请输入访问令牌时效" />,
    },
    {
      name: 'refreshTokenValidity',
      label: '刷新令牌时效',
      required: true,
      rules: [requiredThen('请输入刷新令牌时效', shape.refreshTokenValidity), refreshNotShorter],
      input: <InputNumber min={60} max={86400 * 365} precision={0} suffix="秒" style={{ width: '100%' }} placeholder="请输入刷新令牌时效" />,
    },
    {
      name: 'status',
      label: '状态',
      required: true,
      validateTrigger: ['onChange', 'onBlur'],
      rules: [requiredThen('请选择状态')],
      input: <Radio.Group options={STATUS_OPTIONS} />,
    },
    {
      name: 'additionalInformation',
      label: '附加说明',
      rules: [schemaRule(shape.additionalInformation)],
      input: <Input.TextArea placeholder="请输入附加说明" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={4096} />,
    },
  ];
}
