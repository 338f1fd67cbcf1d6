import { Input } from 'antd';
import { paramSubmit } from '@gsl/contract';
import { schemaField, textAreaField } from '../../../components/crud/formFields';
import type { CrudFormField } from '../../../components/crud/types';

const shape = paramSubmit.shape;

/**
 * The parameter form (specification §3, §5): name, key and value required — checked on blur by the
 * contract's own schema, so the messages are PARAM_MSG's 请输入参数名称 / 请输入参数键名 / 请输入参数键值,
 * the same the server answers — and an optional 备注.
 */
export const PARAM_FIELDS: CrudFormField[] = [
  schemaField('paramName', '参数名称', shape.paramName, { required: true, maxLength: 255 }),
  schemaField('paramKey', '参数键名', shape.paramKey, { required: true, maxLength: 255 }),
  schemaField('paramValue', '参数键值', shape.paramValue, {
    required: true,
    input: <Input.TextArea placeholder="请输入参数键值" autoSize={{ minRows: 3, maxRows: 12 }} />,
  }),
  textAreaField('remark', '备注', shape.remark),
];
