import type { ColumnsType } from 'antd/es/table';
import type { ParamView } from '@gsl/contract';

/** 参数名称, 参数键名, 参数键值 (specification §2: name, key and value; the value is long text). */
export const PARAM_COLUMNS: ColumnsType<ParamView> = [
  { key: 'paramName', dataIndex: 'paramName', title: '参数名称', width: 220, ellipsis: true },
  { key: 'paramKey', dataIndex: 'paramKey', title: '参数键名', width: 260, ellipsis: true },
  { key: 'paramValue', dataIndex: 'paramValue', title: '参数键值', width: 360, ellipsis: true },
];
