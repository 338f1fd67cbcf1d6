import { useNavigate } from 'react-router';
import { Card, Empty } from 'antd';
import { menuOf, screensOf } from '@gsl/contract';
import { useCan } from '../../../components/Access';
import { menuIcon } from '../../../app/shell/menuIcons';
import { appsOf } from './myAppLogic';
import './myApp.css';

/**
 * 业务应用 (specification §2 /portal/myApp): the business applications the user may open, each a card that
 * opens its screen. The screens are the menu registry's children of 业务应用 (today 消息中心).
 */
export default function MyAppPage() {
  const can = useCan();
  const navigate = useNavigate();
  const [, ...screens] = screensOf(menuOf('portal_myapp')!);
  const apps = appsOf(screens, can);
  return (
    <Card title="业务应用" data-testid="myapp">
      {apps.length === 0 ? (
        <Empty description="暂无可用的业务应用" />
      ) : (
        <ul className="myapp__grid" aria-label="业务应用">
          {apps.map((a) => (
            <li key={a.code}>
              <button type="button" className="myapp__card" onClick={() => navigate(a.path)} data-testid={`myapp-${a.code}`}>
                <span className="myapp__icon" aria-hidden>
                  {menuIcon(a.source)}
                </span>
                <span className="myapp__name">{a.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
