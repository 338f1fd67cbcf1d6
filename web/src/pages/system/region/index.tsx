import { useState } from 'react';
import { Alert, Card, Descriptions, Empty, Spin, Tree } from 'antd';
import type { TreeDataNode } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegionNode } from '@gsl/contract';
import { getRegionChildren, getRegionDetail, regionKeys } from '../../../api/system/region';
import { regionTreeData } from './regionLogic';
import { LoadError } from '../../../components/LoadError';
import './region.css';

/**
 * 行政区划 at /system/region (menu region): the national divisions as a tree loaded level by level
 * (province → city → county: expanding a node asks region lazy-tree for its children); selecting a
 * node shows its detail. The divisions come from the national standard (GB/T 2260) and the server
 * offers no change to them, so the screen reads only.
 */
export default function RegionPage() {
  const client = useQueryClient();
  const provinces = useQuery({ queryKey: regionKeys.children(''), queryFn: ({ signal }) => getRegionChildren('', signal), staleTime: Infinity });
  const [loaded, setLoaded] = useState<ReadonlyMap<string, RegionNode[]>>(new Map());
  const [selected, setSelected] = useState<string>();
  const detail = useQuery({
    queryKey: regionKeys.detail(selected ?? ''),
    queryFn: ({ signal }) => getRegionDetail(selected!, signal),
    enabled: Boolean(selected),
  });

  const loadChildren = async (code: string) => {
    if (loaded.has(code)) return;
    const nodes = await client.fetchQuery({
      queryKey: regionKeys.children(code),
      queryFn: ({ signal }) => getRegionChildren(code, signal),
      staleTime: Infinity,
    });
    setLoaded((m) => new Map(m).set(code, nodes ?? []));
  };

  const treeData: TreeDataNode[] = regionTreeData(provinces.data ?? [], loaded);

  return (
    <div className="region" data-testid="region">
      <Card
        className="region-tree"
        size="small"
        title={
          <span>
            <EnvironmentOutlined /> 行政区划
          </span>
        }
      >
        {provinces.isLoading ? (
          <Spin />
        ) : provinces.isError ? (
          <LoadError testId="region-error" onRetry={provinces.refetch} />
        ) : treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" data-testid="region-empty" />
        ) : (
          <Tree
            data-testid="region-tree"
            showLine
            treeData={treeData}
            loadData={(node) => loadChildren(String(node.key))}
            selectedKeys={selected ? [selected] : []}
            onSelect={(keys) => keys.length && setSelected(String(keys[0]))}
            height={640}
          />
        )}
      </Card>
      <Card className="region-detail" size="small" title="区划详情" data-testid="region-detail">
        {!selected ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请在左侧选择行政区划" />
        ) : detail.isLoading ? (
          <Spin />
        ) : detail.data ? (
          <>
            <Descriptions column={1} bordered size="small" styles={{ label: { width: 140 } }}>
              <Descriptions.Item label="区划编号">{detail.data.code}</Descriptions.Item>
              <Descriptions.Item label="区划名称">{detail.data.name}</Descriptions.Item>
              <Descriptions.Item label="上级区划">
                {detail.data.parentName ? `${detail.data.parentName}（${detail.data.parentCode}）` : '无（省级区划）'}
              </Descriptions.Item>
              <Descriptions.Item label="行政级别">{detail.data.levelName ?? detail.data.level}</Descriptions.Item>
              <Descriptions.Item label="行政区划代码">{detail.data.adcode}</Descriptions.Item>
              <Descriptions.Item label="排序">{detail.data.sort}</Descriptions.Item>
              <Descriptions.Item label="下级区划">{detail.data.hasChildren ? '有' : '无'}</Descriptions.Item>
            </Descriptions>
            <Alert
              style={{ marginTop: 12 }}
              type="info"
              showIcon
              title="行政区划按国家标准(GB/T 2260)维护，此处仅供查看；机构的行政区划代码即上表中的“行政区划代码”。"
            />
          </>
        ) : (
          <LoadError />
        )}
      </Card>
    </div>
  );
}
