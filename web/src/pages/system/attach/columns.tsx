import type { ColumnsType } from 'antd/es/table';
import type { AttachView } from '@gsl/contract';
import { fileSizeText } from '../../../api/files';

/** 文件名, 类型, 大小, 类别, 上传人, 上传机构, 上传时间. */
export const ATTACH_COLUMNS: ColumnsType<AttachView> = [
  { key: 'originalName', dataIndex: 'originalName', title: '文件名', width: 260, minWidth: 160 },
  { key: 'extension', dataIndex: 'extension', title: '类型', width: 80, align: 'center' },
  { key: 'attachSize', dataIndex: 'attachSize', title: '大小', width: 100, align: 'right', sorter: true, render: (v: number) => fileSizeText(v) },
  { key: 'categoryName', dataIndex: 'categoryName', title: '类别', width: 80, align: 'center' },
  { key: 'createUserName', dataIndex: 'createUserName', title: '上传人', width: 120, ellipsis: true },
  { key: 'createDeptName', dataIndex: 'createDeptName', title: '上传机构', width: 200, minWidth: 120 },
  { key: 'createTime', dataIndex: 'createTime', title: '上传时间', width: 170, sorter: true },
];
