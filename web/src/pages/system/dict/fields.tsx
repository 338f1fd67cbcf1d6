import { Input, InputNumber, Radio, TreeSelect } from 'antd';
import { DICT_MSG, dictSubmit } from '@gsl/contract';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField } from '../../../components/crud/types';
import type { ParentChoice } from './dictLogic';

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
const code: CrudFormField = {
  name: 'code',
  label: '字典编号',
  required: true,
  rules: [schemaRule(shape.code)],
  input: <Input placeholder="请输入字典编号" maxLength={255} />,
};
const dictValue: CrudFormField = {
  name: 'dictValue',
  label: '字典名称',
  required: true,
  rules: [schemaRule(shape.dictValue)],
  input: <Input placeholder="请输入字典名称" maxLength={255} />,
};
const sort: CrudFormField = {
  name: 'sort',
  label: '字典排序',
  required: true,
  rules: [schemaRule(shape.sort)],
  input: <InputNumber placeholder="请输入字典排序" min={0} max={100000} precision={0} style={{ width: '100%' }} />,
};
const isSealed: CrudFormField = {
  name: 'isSealed',
  label: '封存',
  required: true,
  rules: [schemaRule(shape.isSealed)],
  validateTrigger: ['onChange', 'onBlur'],
  input: <Radio.Group options={SEAL_OPTIONS} />,
};
const remark: CrudFormField = {
  name: 'remark',
  label: '字典备注',
  rules: [schemaRule(shape.remark)],
  input: <Input.TextArea placeholder="请输入字典备注" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={255} />,
};

/** A root dictionary (one per 字典编号). */
export const ROOT_FIELDS: CrudFormField[] = [code, dictValue, sort, isSealed, remark];

/**
 * An item of a root: its code is the root's (shown, not editable), 上级字典 is optional (the root when
 * left empty), and 字典键值 is required.
 */
export function itemFields(parents: ParentChoice[], loadingParents: boolean): CrudFormField[] {
  return [
    { ...code, rules: undefined, input: <Input disabled /> },
    dictValue,
    {
      name: 'parentId',
      label: '上级字典',
      validateTrigger: ['onChange', 'onBlur'],
      input: (
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          placeholder="请选择上级字典"
          treeData={parents}
          treeDefaultExpandAll
          loading={loadingParents}
        />
      ),
    },
    {
      name: 'dictKey',
      label: '字典键值',
      required: true,
      rules: [{ required: true, whitespace: true, message: DICT_MSG.keyRequired }, schemaRule(shape.dictKey)],
      input: <Input placeholder="请输入字典键值" maxLength={255} />,
    },
    sort,
    isSealed,
    remark,
  ];
}
