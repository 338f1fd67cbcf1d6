import { Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { DictRow } from '../../../api/system/dict';

/** 封存 (specification §4: isSealed 0 not sealed, 1 sealed) as 是 / 否. */
export function SealTag({ value }: { value: number | null | undefined }) {
  return Number(value) === 1 ? <Tag color="warning">是</Tag> : <Tag color="success">否</Tag>;
}

const sort: ColumnsType<DictRow>[number] = { key: 'sort', dataIndex: 'sort', title: '排序', width: 90, align: 'center' };
const sealed: ColumnsType<DictRow>[number] = {
  key: 'isSealed',
  dataIndex: 'isSealed',
  title: '封存',
  width: 90,
  align: 'center',
  render: (v: number) => <SealTag value={v} />,
};

/** The roots: 字典编号, 字典名称, 排序, 封存. */
export const ROOT_COLUMNS: ColumnsType<DictRow> = [
  { key: 'code', dataIndex: 'code', title: '字典编号', width: 220, ellipsis: true },
  { key: 'dictValue', dataIndex: 'dictValue', title: '字典名称', width: 240, ellipsis: true },
  sort,
  sealed,
];

/** The items of a root (字典配置): 字典键值, 字典名称, 排序, 封存. */
export const ITEM_COLUMNS: ColumnsType<DictRow> = [
  { key: 'dictKey', dataIndex: 'dictKey', title: '字典键值', width: 200, ellipsis: true },
  { key: 'dictValue', dataIndex: 'dictValue', title: '字典名称', width: 220, ellipsis: true },
  sort,
  sealed,
];
