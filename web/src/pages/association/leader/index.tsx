import { useState } from 'react';
import { Card, Empty, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { LeadershipBoard } from '../LeadershipBoard';
import { LowerList } from '../LowerList';
import { OrgPicker, useOrgChoice } from '../OrgPicker';
import '../association.css';

/**
 * 领导班子 at /portal/myApp/leader (menu association_leader; specification §1, §7 "Association"): the
 * team of an org in the user's scope (their own first; `?deptId=` opens another) by year, with the
 * cards, the ordered lists, 沿用上届 — and 下级组织, the orgs below with their current teams and 导出.
 */
export default function LeaderPage() {
  const [params] = useSearchParams();
  const [picked, setPicked] = useState<string | undefined>(params.get('deptId') ?? undefined);
  const [tab, setTab] = useState('team');
  const { tree, choices, chosen } = useOrgChoice(picked);
  return (
    <Card className="leader-page" data-testid="leader-page" title={<h2 className="leader-page__title">领导班子</h2>}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'team',
            label: <span data-testid="leader-page-tab-team">领导班子</span>,
            children: (
              <>
                <OrgPicker tree={tree} choices={choices} value={chosen?.value} onChange={setPicked} testId="leader-org" />
                {chosen ? (
                  <LeadershipBoard key={chosen.value} deptId={chosen.value} deptName={chosen.title} testId="leader" />
                ) : (
                  !tree.isPending && <Empty description="暂无可维护领导班子的组织" />
                )}
              </>
            ),
          },
          { key: 'lower', label: <span data-testid="leader-page-tab-lower">下级组织</span>, children: <LowerList testId="lower" /> },
        ]}
      />
    </Card>
  );
}
