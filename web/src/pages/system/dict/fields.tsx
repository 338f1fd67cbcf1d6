import { Input, Radio } from 'antd';
import { DICT_MSG, dictSubmit } from '@gsl/contract';
import { parentField, schemaField, sortField, textAreaField } from '../../../components/crud/formFields';
import type { CrudFormField, TreeChoice } from '../../../components/crud/types';

const shape = dictSubmit.shape;

/** 封存: 否 (0) / 是 (1); no default, so that it is chosen (请选择封存). */
export const SEAL_OPTIONS = [
  { label: '否', value: 0 },
  { label: '是', value: 1 },
];

/**
 * Code, name, sort and seal are required (specification §5) — checked on blur by the contract's own
 * schema, so the messages are DICT_MSG's 请输入字典编号 / 请输入字典名称 / 请输入字典排序 / 请选择封存,
 * the same the server answers.
 */
const code = schemaField('code', '字典编号', shape.code, { required: true, maxLength: 255 });
const dictValue = schemaField('dictValue', '字典名称', shape.dictValue, { required: true, maxLength: 255 });
const sort = sortField('字典排序', shape.sort, { max: 100000 });
const isSealed = schemaField('isSealed', '封存', shape.isSealed, {
  required: true,
  validateTrigger: ['onChange', 'onBlur'],
  input: <Radio.Group options={SEAL_OPTIONS} />,
});
const remark = textAreaField('remark', '字典备注', shape.remark);

/** A root dictionary (one per 字典编号). */
export const ROOT_FIELDS: CrudFormField[] = [code, dictValue, sort, isSealed, remark];

/**
 * An item of a root: its code is the root's (shown, not editable), 上级字典 is optional (the root when
 * left empty), and 字典键值 is required.
 */
export function itemFields(parents: TreeChoice[], loadingParents: boolean): CrudFormField[] {
  return [
    { ...code, rules: undefined, input: <Input disabled /> },
    dictValue,
    parentField('上级字典', parents, loadingParents),
    schemaField('dictKey', '字典键值', shape.dictKey, {
      required: true,
      maxLength: 255,
      rules: [{ required: true, whitespace: true, message: DICT_MSG.keyRequired }],
    }),
    sort,
    isSealed,
    remark,
  ];
}
