import { Input, InputNumber, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { POST_CATEGORY_NAMES, postSubmit, type PostView } from '@gsl/contract';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField, CrudSearchField } from '../../../components/crud/types';

const shape = postSubmit.shape;

/** 岗位类型 (dictionary post_category): 领导 / 中层 / 基层 / 其他. */
export const POST_CATEGORY_OPTIONS = Object.entries(POST_CATEGORY_NAMES).map(([value, label]) => ({ value: Number(value), label }));

export const POST_COLUMNS: ColumnsType<PostView> = [
  {
    key: 'categoryName',
    dataIndex: 'categoryName',
    title: '岗位类型',
    width: 120,
    render: (v: string | null, row) => v ?? POST_CATEGORY_NAMES[row.category] ?? row.category,
  },
  { key: 'postCode', dataIndex: 'postCode', title: '岗位编号', width: 160, ellipsis: true },
  { key: 'postName', dataIndex: 'postName', title: '岗位名称', width: 200, ellipsis: true },
  { key: 'sort', dataIndex: 'sort', title: '岗位排序', width: 100, align: 'center' },
  { key: 'remark', dataIndex: 'remark', title: '备注', width: 240, ellipsis: true },
];

export const POST_SEARCH: CrudSearchField[] = [
  {
    name: 'category',
    label: '岗位类型',
    input: <Select allowClear placeholder="请选择岗位类型" options={POST_CATEGORY_OPTIONS} style={{ width: 160 }} data-testid="post-search-category" />,
  },
  { name: 'postCode', label: '岗位编号' },
  { name: 'postName', label: '岗位名称' },
];

/** The post form: type, code, name and sort required with the contract's (the server's) messages. */
export const POST_FIELDS: CrudFormField[] = [
  {
    name: 'category',
    label: '岗位类型',
    required: true,
    rules: [schemaRule(shape.category)],
    validateTrigger: ['onChange', 'onBlur'],
    input: <Select placeholder="请选择岗位类型" options={POST_CATEGORY_OPTIONS} />,
  },
  { name: 'postCode', label: '岗位编号', required: true, rules: [schemaRule(shape.postCode)], input: <Input placeholder="请输入岗位编号" maxLength={12} /> },
  { name: 'postName', label: '岗位名称', required: true, rules: [schemaRule(shape.postName)], input: <Input placeholder="请输入岗位名称" maxLength={64} /> },
  {
    name: 'sort',
    label: '岗位排序',
    required: true,
    rules: [schemaRule(shape.sort)],
    input: <InputNumber placeholder="请输入岗位排序" min={0} max={1_000_000} precision={0} style={{ width: '100%' }} />,
  },
  {
    name: 'remark',
    label: '备注',
    rules: [schemaRule(shape.remark)],
    input: <Input.TextArea placeholder="请输入备注" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={255} />,
  },
];
