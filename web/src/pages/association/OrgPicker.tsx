import { useMemo } from 'react';
import { Spin, TreeSelect } from 'antd';
import { useDeptTree } from '../../api/system/dept';
import { LoadError } from '../../components/LoadError';
import { findOrg, firstOrg, orgChoices, type OrgChoice } from './leaderLogic';

/** The orgs of the user's data scope as choices (own org first), and the one chosen or the first. */
export function useOrgChoice(picked: string | undefined) {
  const tree = useDeptTree();
  const choices = useMemo(() => orgChoices(tree.data ?? []), [tree.data]);
  const chosen = (picked ? findOrg(choices, picked) : undefined) ?? firstOrg(choices);
  return { tree, choices, chosen };
}

/** 组织: a tree select of the federations, chambers and associations in scope. */
export function OrgPicker({
  tree,
  choices,
  value,
  onChange,
  testId,
}: {
  tree: { isPending: boolean; isError: boolean; refetch: () => unknown };
  choices: OrgChoice[];
  value: string | undefined;
  onChange: (id: string) => void;
  testId: string;
}) {
  if (tree.isPending) return <Spin size="small" />;
  if (tree.isError) return <LoadError variant="banner" onRetry={tree.refetch} />;
  return (
    <div className="leader-org-picker">
      <label htmlFor={`${testId}-input`}>组织</label>
      <TreeSelect
        id={`${testId}-input`}
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeData={choices}
        value={value}
        onChange={(v) => v && onChange(String(v))}
        treeDefaultExpandedKeys={choices.map((c) => c.key)}
        style={{ minWidth: 320 }}
        placeholder="请选择组织"
        data-testid={testId}
      />
    </div>
  );
}
