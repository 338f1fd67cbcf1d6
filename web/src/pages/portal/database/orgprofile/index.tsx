import { useMemo, useState } from 'react';
import { Empty, Spin, Tabs, Tree } from 'antd';
import {
  DEPT_CATEGORY_NAMES,
  ORG_BRANCH_FIELDS,
  ORG_DEPARTMENT_FIELDS,
  ORG_HONOUR_FIELDS,
  ORG_MEMBER_STAT_FIELDS,
  ORG_OPERATING_FIELDS,
  type DeptTreeNode,
} from '@gsl/contract';
import { useOrgProfile, useOrgStatistics, type MemberStatistic, type OrgProfile } from '../../../../api/profile';
import { QueryBody } from '../QueryBody';
import { useDeptTree } from '../../../../api/system/dept';
import { useCan } from '../../../../components/Access';
import { DatabaseNav } from '../DatabaseNav';
import { SectionTable } from '../profileKit/fieldKit';
import { AnnualReports } from './AnnualReports';
import { OrgForm, ORG_FORM_PARTS } from './OrgForm';
import { LoadError } from '../../../../components/LoadError';
import { OrgLeadership } from '../../../association/OrgLeadership';
import '../database.css';
import '../profileKit/profile.css';

/** Only federations, chambers and associations have a profile (办事机构 are shown, not chosen). */
const HAS_PROFILE = new Set([1, 2, 3]);

interface OrgNode {
  key: string;
  title: string;
  selectable: boolean;
  children: OrgNode[];
}
const toNodes = (nodes: DeptTreeNode[]): OrgNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: HAS_PROFILE.has(n.deptCategory) ? n.title : `${n.title}(${DEPT_CATEGORY_NAMES[n.deptCategory] ?? ''})`,
    selectable: HAS_PROFILE.has(n.deptCategory),
    children: toNodes(n.children ?? []),
  }));
const firstSelectable = (nodes: OrgNode[]): string | undefined => {
  for (const n of nodes) {
    if (n.selectable) return n.key;
    const c = firstSelectable(n.children);
    if (c) return c;
  }
  return undefined;
};

/** 会员数据概况 by year as stacked CSS bars (enterprise, group, person) against the largest total. */
export function statisticBars(rows: MemberStatistic[]) {
  const max = Math.max(0, ...rows.map((r) => r.total));
  const pct = (n: number) => (max ? Math.round((n / max) * 1000) / 10 : 0);
  return rows.map((r) => ({ ...r, widths: { enterprise: pct(r.enterprise), group: pct(r.group), person: pct(r.person) } }));
}

function Statistics({ deptId }: { deptId: string }) {
  const stats = useOrgStatistics(deptId);
  if (stats.isPending) return <Spin />;
  if (stats.isError) return <LoadError />;
  if (!stats.data.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无会员数据" data-testid="org-stat-empty" />;
  return (
    <div className="org-stat" data-testid="org-stat">
      <div className="org-stat__legend">
        <span>
          <i className="org-stat__e" />
          企业会员
        </span>
        <span>
          <i className="org-stat__g" />
          团体会员
        </span>
        <span>
          <i className="org-stat__p" />
          个人会员
        </span>
      </div>
      {statisticBars(stats.data).map((r) => (
        <div className="org-stat__row" key={r.year} data-testid={`org-stat-${r.year}`}>
          <span>{r.year}年</span>
          <div className="org-stat__bars">
            <div className="org-stat__e" style={{ width: `${r.widths.enterprise}%` }} />
            <div className="org-stat__g" style={{ width: `${r.widths.group}%` }} />
            <div className="org-stat__p" style={{ width: `${r.widths.person}%` }} />
          </div>
          <span>
            总数 {r.total}(企业 {r.enterprise} / 团体 {r.group} / 个人 {r.person}){r.source === 'stored' ? ' 填报' : ''}
          </span>
        </div>
      ))}
    </div>
  );
}

/** The profile of one org, once loaded (also 我的组织 › 编辑组织信息, on the own org). */
export function OrgProfileView({ deptId }: { deptId: string }) {
  const profile = useOrgProfile(deptId);
  return (
    <QueryBody query={profile} errorTestId="orgprofile-error">
      {(p) => <OrgProfileTabs deptId={deptId} p={p} />}
    </QueryBody>
  );
}

/** The profile of one org: the basic-info form and a tab per part. */
function OrgProfileTabs({ deptId, p }: { deptId: string; p: OrgProfile }) {
  const can = useCan();
  const section = (key: string, fields: typeof ORG_BRANCH_FIELDS, columns: Array<string | [string, number]>) => (
    <SectionTable kind="org" section={key} parentId={deptId} fields={fields} columns={columns} testId={`org-${key}`} />
  );
  const tab = (key: string, label: string, children: React.ReactNode) => ({ key, label: <span data-testid={`orgprofile-tab-${key}`}>{label}</span>, children });
  return (
    <>
      <h3 className="org-profile__title" data-testid="orgprofile-title">
        {p.deptName ?? p.name}
        {!p.id && <span className="profile-muted">(尚未建档,保存后建立档案)</span>}
      </h3>
      <Tabs
        items={[
          tab('basic', '基本信息', <OrgForm profile={p} names={ORG_FORM_PARTS.basic} testId="orgprofile-basic" />),
          tab('introduction', '简介', <OrgForm profile={p} names={ORG_FORM_PARTS.introduction} testId="orgprofile-introduction" />),
          tab('leader', '领导班子', <OrgLeadership deptId={deptId} deptName={p.deptName ?? p.name} />),
          tab(
            'operating',
            '经营情况',
            section('operating', ORG_OPERATING_FIELDS, [
              ['year', 80],
              ['income', 120],
              ['expenditure', 120],
              ['assets', 130],
              ['staffCount', 130],
              ['eventCount', 120],
              ['remark', 160],
            ]),
          ),
          tab(
            'department',
            '秘书处部门',
            section('department', ORG_DEPARTMENT_FIELDS, [
              ['name', 160],
              ['head', 100],
              ['phone', 140],
              ['staffCount', 80],
              ['duties', 220],
              ['sort', 70],
            ]),
          ),
          tab(
            'branch',
            '分支机构',
            section('branch', ORG_BRANCH_FIELDS, [
              ['name', 220],
              ['head', 100],
              ['address', 220],
              ['establishedDate', 110],
              ['phone', 140],
            ]),
          ),
          tab(
            'memberstat',
            '会员数据概况',
            <>
              <Statistics deptId={deptId} />
              {section('memberstat', ORG_MEMBER_STAT_FIELDS, [
                ['year', 80],
                ['total', 110],
                ['enterprise', 110],
                ['group', 110],
                ['person', 110],
              ])}
            </>,
          ),
          tab(
            'honour',
            '荣誉',
            section('honour', ORG_HONOUR_FIELDS, [
              ['name', 220],
              ['grantor', 180],
              ['honourDate', 110],
              ['level', 100],
              ['remark', 160],
            ]),
          ),
          tab('party', '党建', <OrgForm profile={p} names={ORG_FORM_PARTS.party} testId="orgprofile-party" />),
          tab('contact', '联系方式', <OrgForm profile={p} names={ORG_FORM_PARTS.contact} testId="orgprofile-contact" />),
          ...(can('profile_org') ? [tab('annualreport', '年报', <AnnualReports deptId={deptId} />)] : []),
        ]}
      />
    </>
  );
}

/**
 * 组织档案 (/portal/database/orgprofile; menu profile_org): pick a federation, chamber or association
 * in the org tree of the user's scope (their own first), then its profile: 基本信息 (every field of
 * §3), 简介, 领导班子 (现任 / 往届), 经营情况 by year, 秘书处部门, 分支机构, 会员数据概况 by year with
 * a chart, 荣誉, 党建, 联系方式 and 年报 (draft → 提交, 退回 by an org above, behind profile_org_report).
 */
export default function OrgProfilePage() {
  const tree = useDeptTree();
  const nodes = useMemo(() => toNodes(tree.data ?? []), [tree.data]);
  const [picked, setPicked] = useState<string>();
  const deptId = picked ?? firstSelectable(nodes);
  return (
    <div className="member-db" data-testid="orgprofile-page">
      <DatabaseNav />
      <div className="org-profile">
        <div className="org-profile__tree" data-testid="orgprofile-tree">
          {tree.isPending ? (
            <Spin />
          ) : tree.isError ? (
            <LoadError />
          ) : nodes.length ? (
            <Tree<OrgNode>
              treeData={nodes}
              selectedKeys={deptId ? [deptId] : []}
              defaultExpandedKeys={nodes.map((n) => n.key)}
              onSelect={(keys) => keys[0] && setPicked(String(keys[0]))}
              blockNode
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无组织" />
          )}
        </div>
        <div className="org-profile__main">
          {deptId ? (
            <OrgProfileView key={deptId} deptId={deptId} />
          ) : (
            !tree.isPending && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="请选择组织" />
          )}
        </div>
      </div>
    </div>
  );
}
