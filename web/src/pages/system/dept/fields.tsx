import { Radio, Select, TreeSelect, type TreeSelectProps } from 'antd';
import { DEPT_CATEGORY_NAMES, REGION_LEVEL_NAMES, deptSubmit } from '@gsl/contract';
import { useDeptTree, type DeptRow } from '../../../api/system/dept';
import { codeOptions } from '../../../components/crud/crudLogic';
import { schemaField, sortField, textAreaField } from '../../../components/crud/formFields';
import type { CrudFormField } from '../../../components/crud/types';
import { parentChoices } from './deptLogic';

const shape = deptSubmit.shape;

/** 机构类型 (dictionary org_category). */
export const DEPT_CATEGORY_OPTIONS = codeOptions(DEPT_CATEGORY_NAMES);
/** 行政级别 (dictionary region_level). */
export const REGION_LEVEL_OPTIONS = codeOptions(REGION_LEVEL_NAMES);
/** 商会分类 (dictionary chamber_type). */
export const CHAMBER_TYPE_OPTIONS = codeOptions({ 1: '行业商会', 2: '地区商会', 3: '异地商会(在苏)', 4: '江苏在外地商会' });
export const STATUS_OPTIONS = [
  { value: 1, label: '正常' },
  { value: 0, label: '停用' },
];

/**
 * 上级机构: the visible dept forest, read while the form is open (its own component, so the tree is
 * loaded only with the dialog); an edited dept's own subtree is not offered.
 */
function ParentSelect({ self, ...props }: TreeSelectProps & { self?: DeptRow }) {
  const tree = useDeptTree();
  return <TreeSelect {...props} treeData={parentChoices(tree.data ?? [], self)} loading={tree.isFetching} />;
}

/**
 * The dept form (the server's schema): 上级机构 (optional: none = top level), 机构名称, 机构全称,
 * 机构类型 and 排序 required with the contract's messages (请输入机构名称 …), and the org's 机构编码,
 * 行政区划代码, 行政级别, 商会分类, 状态 and 备注. `editing` is the dept being edited.
 */
export function deptFields(editing?: DeptRow): CrudFormField[] {
  return [
    {
      name: 'parentId',
      label: '上级机构',
      validateTrigger: 'onChange',
      input: (
        <ParentSelect self={editing} allowClear showSearch={{ treeNodeFilterProp: 'title' }} placeholder="不选择则为顶级机构" data-testid="dept-form-parent" />
      ),
    },
    schemaField('deptName', '机构名称', shape.deptName, { required: true, maxLength: 100 }),
    schemaField('fullName', '机构全称', shape.fullName, { required: true, maxLength: 200 }),
    schemaField('deptCategory', '机构类型', shape.deptCategory, {
      required: true,
      validateTrigger: ['onChange', 'onBlur'],
      input: <Select placeholder="请选择机构类型" options={DEPT_CATEGORY_OPTIONS} data-testid="dept-form-category" />,
    }),
    schemaField('unionId', '机构编码', shape.unionId, { maxLength: 64, placeholder: '请输入机构统一编码' }),
    schemaField('regionCode', '行政区划', shape.regionCode, { maxLength: 12, placeholder: '请输入行政区划代码(如 320100)' }),
    {
      name: 'regionLevel',
      label: '行政级别',
      validateTrigger: 'onChange',
      input: <Select allowClear placeholder="请选择行政级别" options={REGION_LEVEL_OPTIONS} />,
    },
    {
      name: 'chamberType',
      label: '商会分类',
      validateTrigger: 'onChange',
      input: <Select allowClear placeholder="请选择商会分类" options={CHAMBER_TYPE_OPTIONS} />,
    },
    sortField('排序', shape.sort, { placeholder: '请输入机构排序' }),
    { name: 'status', label: '状态', validateTrigger: 'onChange', input: <Radio.Group options={STATUS_OPTIONS} /> },
    textAreaField('remark', '备注', shape.remark),
  ];
}
