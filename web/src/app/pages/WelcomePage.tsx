import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button, Typography } from 'antd';
import { useDeptInfo } from '../../api/portal/deptInfo';
import { setStore } from '../../utils/storage';
import { loadShellLayout } from '../routeChunks';
import { WELCOME_FLAG } from '../session/login';
import { useSession } from '../../utils/useSession';
import './publicPages.css';

/** /welcome: the landing page after the first login in this tab (specification §2, §4). */
export default function WelcomePage() {
  const { token, user } = useSession();
  const navigate = useNavigate();
  const dept = useDeptInfo();

  useEffect(() => {
    if (token) setStore(WELCOME_FLAG, true, 'session');
  }, [token]);
  // 进入工作台 opens the shell: its script loads while the user reads this page.
  useEffect(() => {
    loadShellLayout().catch(() => undefined);
  }, []);

  if (!token) return <Navigate to="/login" replace />;
  const orgName = dept.data?.orgName || user?.detail?.orgName || user?.detail?.deptName || '';
  const name = user?.real_name || user?.nick_name || user?.account || '';

  return (
    <main className="welcome" data-testid="welcome">
      <div className="welcome__card">
        <Typography.Title level={2} className="welcome__title">
          欢迎您，{name}
        </Typography.Title>
        {orgName && <Typography.Paragraph className="welcome__org">{orgName}</Typography.Paragraph>}
        {dept.data?.chamberName && <Typography.Paragraph type="secondary">{dept.data.chamberName}</Typography.Paragraph>}
        <Typography.Paragraph type="secondary">欢迎使用工商联工作平台</Typography.Paragraph>
        <Button type="primary" size="large" onClick={() => navigate('/')} data-testid="enter-workbench">
          进入工作台
        </Button>
      </div>
    </main>
  );
}
