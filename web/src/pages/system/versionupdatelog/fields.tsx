import { DatePicker, Input, Select } from 'antd';
import { VERSION_LOG_TYPES, versionLogSubmit } from '@gsl/contract';
import { codeOptions } from '../../../components/crud/crudLogic';
import { schemaField } from '../../../components/crud/formFields';
import { schemaRule } from '../../../components/crud/schemaRule';
import type { CrudFormField } from '../../../components/crud/types';
import { PUBLISH_FORMAT } from './versionLogLogic';

const shape = versionLogSubmit.shape;

/** 更新类型: 新功能 / 优化 / 修复. */
export const UPDATE_TYPE_OPTIONS = codeOptions(VERSION_LOG_TYPES);

/** The version log form (contract versionLogSubmit): 版本号, 更新标题, 更新类型, 发布时间 (optional), 更新内容. */
export const VERSION_LOG_FIELDS: CrudFormField[] = [
  schemaField('versionNo', '版本号', shape.versionNo, { required: true, maxLength: 32, placeholder: '如 1.2.3' }),
  schemaField('title', '更新标题', shape.title, { required: true, maxLength: 200 }),
  {
    name: 'updateType',
    label: '更新类型',
    required: true,
    rules: [{ required: true, message: '请选择更新类型' }, schemaRule(shape.updateType)],
    validateTrigger: ['onChange', 'onBlur'],
    input: <Select placeholder="请选择更新类型" options={UPDATE_TYPE_OPTIONS} />,
  },
  {
    name: 'publishTime',
    label: '发布时间',
    validateTrigger: ['onChange', 'onBlur'],
    input: <DatePicker showTime format={PUBLISH_FORMAT} placeholder="默认为保存时间" style={{ width: '100%' }} />,
  },
  {
    name: 'content',
    label: '更新内容',
    required: true,
    rules: [schemaRule(shape.content)],
    input: <Input.TextArea placeholder="请输入更新内容" autoSize={{ minRows: 4, maxRows: 14 }} maxLength={20000} showCount />,
  },
];
