import { Button } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { modelUrl } from '../../../../config';
import { AiHomeView } from '../../../../model/AiHome';
import { MyOrgScreen } from '../home/MyOrgScreen';

/** The /model page of an org's AI home page, read-only, as its readers see it. */
export const previewUrl = (type: string, deptId: string) => modelUrl(`/ai-homepage-${type}?deptId=${encodeURIComponent(deptId)}&noEdit=true`);

/**
 * 我的组织 › AI主页 (/portal/myOrg/aiHome): the own org's AI home page (README deviation 62) — its staff with
 * 我的组织 edit the introduction, save, publish and withdraw it; 预览 opens the /model page (ai-homepage-{type})
 * in a new tab as its readers see it.
 */
export default function MyOrgAiHome() {
  return (
    <MyOrgScreen title="AI主页" testId="myorg-aihome">
      <AiHomeView
        deptId=""
        headingLevel={3}
        extra={(h) => (
          <Button
            className="aihome-preview"
            icon={<ExportOutlined />}
            href={previewUrl(h.type, h.deptId)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="aihome-preview"
          >
            预览
          </Button>
        )}
      />
    </MyOrgScreen>
  );
}
