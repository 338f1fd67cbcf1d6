import { Input } from 'antd';
import { paramSubmit } from '@gsl/contract';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField } from '../../../components/crud/types';

const shape = paramSubmit.shape;

/**
 * The parameter form (specification §3, §5): name, key and value required — checked on blur by the
 * contract's own schema, so the messages are PARAM_MSG's 请输入参数名称 / 请输入参数键名 / 请输入参数键值,
 * the same the server answers — and an optional 备注.
 */
export const PARAM_FIELDS: CrudFormField[] = [
  { name: 'paramName', label: '参数名称', required: true, rules: [schemaRule(shape.paramName)], input: <Input placeholder="请输入参数名称" maxLength={255} /> },
  { name: 'paramKey', label: '参数键名', required: true, rules: [schemaRule(shape.paramKey)], input: <Input placeholder="请输入参数键名" maxLength={255} /> },
  {
    name: 'paramValue',
    label: '参数键值',
    required: true,
    rules: [schemaRule(shape.paramValue)],
    input: <Input.TextArea placeholder="请输入参数键值" autoSize={{ minRows: 3, maxRows: 12 }} />,
  },
  {
    name: 'remark',
    label: '备注',
    rules: [schemaRule(shape.remark)],
    input: <Input.TextArea placeholder="请输入备注" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={255} />,
  },
];
