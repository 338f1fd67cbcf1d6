import { useNavigate } from 'react-router';
import { Alert, Button, Skeleton, Space, Tabs } from 'antd';
import { ORG_BRANCH_FIELDS, ORG_DEPARTMENT_FIELDS, ORG_HONOUR_FIELDS, ORG_PROFILE_FIELDS } from '@gsl/contract';
import { useMyOrgCard } from '../../../../api/myorg/org';
import { useOrgProfile, type OrgProfile, type ProfileRow } from '../../../../api/profile';
import { useCan } from '../../../../components/Access';
import { LoadError } from '../../../../components/LoadError';
import { ORG_FORM_PARTS } from '../../database/orgprofile/OrgForm';
import { ProfileDescriptions, SectionTable } from '../../database/profileKit/fieldKit';
import { MyOrgScreen } from '../home/MyOrgScreen';
import '../../database/database.css';
import '../../database/profileKit/profile.css';
import './orgInfo.css';

/** The profile read: its parts as description lists, its rows as tables without buttons. */
function OrgDetail({ deptId, profile }: { deptId: string; profile: OrgProfile }) {
  const part = (key: string, names: string[]) => (
    <ProfileDescriptions
      fields={ORG_PROFILE_FIELDS}
      row={profile as unknown as ProfileRow}
      names={names}
      column={names.length > 3 ? 2 : 1}
      testId={`org-detail-${key}`}
    />
  );
  const rows = (key: string, fields: typeof ORG_BRANCH_FIELDS, columns: Array<string | [string, number]>) => (
    <SectionTable kind="org" section={key} parentId={deptId} fields={fields} columns={columns} testId={`org-detail-${key}`} readOnly />
  );
  return (
    <>
      {!profile.id && (
        <Alert type="info" showIcon className="org-detail__note" title="本组织尚未建立组织档案,以下为机构登记的信息" data-testid="org-detail-draft" />
      )}
      <Tabs
        items={[
          { key: 'basic', label: '基本信息', children: part('basic', ORG_FORM_PARTS.basic) },
          { key: 'introduction', label: '简介', children: part('introduction', ORG_FORM_PARTS.introduction) },
          { key: 'contact', label: '联系方式', children: part('contact', ORG_FORM_PARTS.contact) },
          { key: 'party', label: '党建', children: part('party', ORG_FORM_PARTS.party) },
          {
            key: 'department',
            label: '秘书处部门',
            children: rows('department', ORG_DEPARTMENT_FIELDS, [
              ['name', 160],
              ['head', 100],
              ['phone', 140],
              ['staffCount', 80],
              ['duties', 220],
            ]),
          },
          {
            key: 'branch',
            label: '分支机构',
            children: rows('branch', ORG_BRANCH_FIELDS, [
              ['name', 220],
              ['head', 100],
              ['address', 220],
              ['establishedDate', 110],
              ['phone', 140],
            ]),
          },
          {
            key: 'honour',
            label: '荣誉',
            children: rows('honour', ORG_HONOUR_FIELDS, [
              ['name', 220],
              ['grantor', 180],
              ['honourDate', 110],
              ['level', 100],
            ]),
          },
        ]}
      />
    </>
  );
}

/**
 * 组织信息详情 (specification §2 myOrg/detail): the own org's information as read from its org profile —
 * basic information, introduction, contact, party building, secretariat departments, branches and honours —
 * with 编辑 and 填报指引 for those who may edit it.
 */
export default function OrgDetailPage() {
  const can = useCan();
  const navigate = useNavigate();
  const card = useMyOrgCard();
  const profile = useOrgProfile(card.data?.deptId);
  let body;
  if (card.isError || profile.isError)
    body = <LoadError message="组织信息加载失败" onRetry={() => (card.isError ? card.refetch() : profile.refetch())} testId="org-detail-error" />;
  else if (!card.data || !profile.data) body = <Skeleton active paragraph={{ rows: 6 }} data-testid="org-detail-loading" />;
  else body = <OrgDetail deptId={card.data.deptId} profile={profile.data} />;
  return (
    <MyOrgScreen
      title="组织信息详情"
      testId="myorg-org-detail"
      extra={
        can('profile_org_edit') && (
          <Space>
            <Button onClick={() => navigate('/portal/myOrg/guidance')} data-testid="org-detail-guidance">
              填报指引
            </Button>
            <Button type="primary" onClick={() => navigate('/portal/myOrg/edit')} data-testid="org-detail-edit">
              编辑
            </Button>
          </Space>
        )
      }
    >
      {body}
    </MyOrgScreen>
  );
}
