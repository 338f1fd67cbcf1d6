import { useNavigate } from 'react-router';
import { Button, Skeleton } from 'antd';
import { useMyOrgCard } from '../../../../api/myorg/org';
import { LoadError } from '../../../../components/LoadError';
import { OrgProfileView } from '../../database/orgprofile';
import { MyOrgScreen } from '../home/MyOrgScreen';
import '../../database/database.css';
import '../../database/profileKit/profile.css';

/**
 * 编辑组织信息 (specification §2 myOrg/edit): the own org's profile with every part of it — the org profile's
 * own screen (组织档案) on the own org, so there is one profile and one way to edit it. Parts are read only
 * without profile_org_edit.
 */
export default function OrgEditPage() {
  const card = useMyOrgCard();
  const navigate = useNavigate();
  return (
    <MyOrgScreen
      title="编辑组织信息"
      testId="myorg-org-edit"
      extra={
        <Button onClick={() => navigate('/portal/myOrg/detail')} data-testid="org-edit-detail">
          查看详情
        </Button>
      }
    >
      {card.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : card.isError ? (
        <LoadError message="组织信息加载失败" onRetry={card.refetch} testId="org-edit-error" />
      ) : (
        <OrgProfileView deptId={card.data.deptId} />
      )}
    </MyOrgScreen>
  );
}
