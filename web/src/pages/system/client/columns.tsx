import { Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ClientView } from '../../../api/system/client';
import { config } from '../../../config';
import { splitList } from './clientLogic';

/** 应用管理's columns: the client id (marked when it is this web client), grants, scope, token lifetimes, status. */
export const CLIENT_COLUMNS: ColumnsType<ClientView> = [
  {
    key: 'clientId',
    dataIndex: 'clientId',
    title: '客户端编号',
    width: 200,
    minWidth: 150,
    render: (value: string) => (
      <Space size={4}>
        <span>{value}</span>
        {value === config.clientId && <Tag color="processing">本系统</Tag>}
      </Space>
    ),
  },
  {
    key: 'authorizedGrantTypes',
    dataIndex: 'authorizedGrantTypes',
    title: '授权类型',
    width: 320,
    minWidth: 220,
    ellipsis: false, // every grant type's tag shows, on as many lines as it takes
    render: (value: string) => (
      <Space size={[4, 4]} wrap>
        {splitList(value).map((g) => (
          <Tag key={g}>{g}</Tag>
        ))}
      </Space>
    ),
  },
  { key: 'scope', dataIndex: 'scope', title: '授权范围', width: 110, minWidth: 90 },
  { key: 'accessTokenValidity', dataIndex: 'accessTokenValidity', title: '访问令牌时效(秒)', width: 140, align: 'right' },
  { key: 'refreshTokenValidity', dataIndex: 'refreshTokenValidity', title: '刷新令牌时效(秒)', width: 140, align: 'right' },
  {
    key: 'status',
    dataIndex: 'status',
    title: '状态',
    width: 90,
    align: 'center',
    render: (value: number) => (Number(value) === 1 ? <Tag color="success">启用</Tag> : <Tag color="default">禁用</Tag>),
  },
];
