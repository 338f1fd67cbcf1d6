import { Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { POST_CATEGORY_NAMES, postSubmit, type PostView } from '@gsl/contract';
import { codeOptions } from '../../../components/crud/crudLogic';
import { schemaField, sortField, textAreaField } from '../../../components/crud/formFields';
import type { CrudFormField, CrudSearchField } from '../../../components/crud/types';

const shape = postSubmit.shape;

/** 岗位类型 (dictionary post_category): 领导 / 中层 / 基层 / 其他. */
export const POST_CATEGORY_OPTIONS = codeOptions(POST_CATEGORY_NAMES);

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
  { name: 'category', label: '岗位类型', options: POST_CATEGORY_OPTIONS, width: 160 },
  { name: 'postCode', label: '岗位编号' },
  { name: 'postName', label: '岗位名称' },
];

/** The post form: type, code, name and sort required with the contract's (the server's) messages. */
export const POST_FIELDS: CrudFormField[] = [
  schemaField('category', '岗位类型', shape.category, {
    required: true,
    validateTrigger: ['onChange', 'onBlur'],
    input: <Select placeholder="请选择岗位类型" options={POST_CATEGORY_OPTIONS} />,
  }),
  schemaField('postCode', '岗位编号', shape.postCode, { required: true, maxLength: 12 }),
  schemaField('postName', '岗位名称', shape.postName, { required: true, maxLength: 64 }),
  sortField('岗位排序', shape.sort),
  textAreaField('remark', '备注', shape.remark),
];
