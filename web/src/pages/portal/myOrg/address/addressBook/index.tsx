import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Empty, Spin, Tree } from 'antd';
import { useDeptInfo } from '../../../../../api/portal/deptInfo';
import { useDeptTree } from '../../../../../api/system/dept';
import { LoadError } from '../../../../../components/LoadError';
import { AddressBookTable } from '../AddressBookTable';
import { AddressPage } from '../AddressPage';
import { findOrg, firstLevels, toTreeItems } from '../addressLogic';

/**
 * 通讯录 (/portal/myOrg/addressBook, the 2023 address book): the orgs in the user's scope as a tree (the
 * own org and everything below it) and, beside it, the chosen org's people in its book (portal/currentOrgUserList).
 */
export default function AddressBookPage() {
  const navigate = useNavigate();
  const info = useDeptInfo();
  const tree = useDeptTree();
  const [picked, setPicked] = useState<string | undefined>();
  const forest = tree.data ?? [];
  const deptId = picked ?? info.data?.deptId;
  const org = findOrg(forest, deptId);

  let left;
  if (tree.isError) left = <LoadError message="机构加载失败" onRetry={tree.refetch} testId="address-tree-error" />;
  else if (tree.isPending) left = <Spin aria-label="加载中" />;
  else if (!forest.length) left = <Empty description="暂无机构" />;
  else
    left = (
      <Tree
        blockNode
        defaultExpandedKeys={firstLevels(forest, 1)}
        selectedKeys={deptId ? [deptId] : []}
        onSelect={(keys) => keys[0] && setPicked(String(keys[0]))}
        treeData={toTreeItems(forest)}
        aria-label="机构树"
        data-testid="address-tree"
      />
    );

  return (
    <AddressPage title="通讯录" note="选择左侧的机构查看其通讯录。" testId="address-book">
      <div className="address-split">
        <nav className="address-split__tree" aria-label="机构">
          {left}
        </nav>
        <div>
          <div className="address-toolbar">
            <h3 className="address-page__title" style={{ fontSize: 16 }}>
              {org?.title ?? info.data?.deptName ?? ''}
            </h3>
            {deptId && (
              <Button type="link" onClick={() => navigate(`/portal/myOrg/addressBook/detail?deptId=${deptId}`)} data-testid="address-book-detail">
                查看详情
              </Button>
            )}
          </div>
          {deptId && (
            <AddressBookTable
              key={deptId}
              kind="org"
              family={org && org.deptCategory !== 1 ? 'coc' : 'aoc'}
              query={{ deptId }}
              editable={false}
              exportable={false}
              orderable={false}
              testId="address-org-book"
              label="机构通讯录"
            />
          )}
        </div>
      </div>
    </AddressPage>
  );
}
