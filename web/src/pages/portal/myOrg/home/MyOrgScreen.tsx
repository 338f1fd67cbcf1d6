import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Breadcrumb, Card } from 'antd';
import './myOrgHome.css';

/**
 * The frame of 我的组织's own screens (登录日志, 邮箱配置, 组织信息): a way back to 我的组织 (a link, reached by
 * Tab), the screen's title as its heading (each mounted screen's own id: the tabs keep several alive) and
 * the screen's content.
 */
export function MyOrgScreen({ title, extra, testId, children }: { title: string; extra?: ReactNode; testId: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card className="myorg-screen" data-testid={testId}>
      <Breadcrumb className="myorg-screen__crumbs" items={[{ title: <Link to="/portal/myOrg">我的组织</Link> }, { title }]} />
      <section aria-labelledby={titleId}>
        <header className="myorg-screen__head">
          <h2 id={titleId} className="myorg-screen__title">
            {title}
          </h2>
          {extra}
        </header>
        {children}
      </section>
    </Card>
  );
}
