import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Card } from 'antd';
import './myCenter.css';

/** The five screens of 个人中心 (specification §2 /portal/myCenter children), in the order of its side nav. */
export const MY_CENTER_SCREENS = [
  { path: '/portal/myCenter/basicInformation', title: '基本信息' },
  { path: '/portal/myCenter/changepwd', title: '修改密码' },
  { path: '/portal/myCenter/loginInfo', title: '登录信息' },
  { path: '/portal/myCenter/boundPhone', title: '绑定手机' },
  { path: '/portal/myCenter/boundWeixin', title: '绑定微信' },
] as const;

/** Screens outside the nav that belong to one of its entries: 更换手机号 is reached from 绑定手机. */
const BELONGS_TO: Record<string, string> = { '/portal/myCenter/changingPhone': '/portal/myCenter/boundPhone' };

/** The nav entry a location belongs to (the app is served under a base path, so the path's end decides). */
export function activeScreen(pathname: string): string | undefined {
  const path = pathname.replace(/\/+$/, '');
  const all = [...MY_CENTER_SCREENS.map((s) => s.path), ...Object.keys(BELONGS_TO)];
  const hit = all.find((p) => path === p || path.endsWith(p));
  return hit ? (BELONGS_TO[hit] ?? hit) : undefined;
}

/**
 * 个人中心's frame: a card with the side nav (links, so Tab and Enter reach every screen; the current one
 * is marked aria-current="page" and by more than colour) and the screen's own content on the right, under
 * its title.
 */
export function MyCenterLayout({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  const active = activeScreen(pathname);
  // The tabs keep several screens mounted at once: each title needs an id of its own.
  const titleId = useId();
  return (
    <Card className="my-center" data-testid="my-center">
      <div className="my-center__body">
        <nav className="my-center__nav" aria-label="个人中心">
          <ul>
            {MY_CENTER_SCREENS.map((s) => {
              const current = s.path === active;
              return (
                <li key={s.path}>
                  <Link
                    to={s.path}
                    aria-current={current ? 'page' : undefined}
                    className={current ? 'my-center__link my-center__link--active' : 'my-center__link'}
                    data-testid={`my-center-nav-${s.path.slice(s.path.lastIndexOf('/') + 1)}`}
                  >
                    {s.title}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <section className="my-center__main" aria-labelledby={titleId}>
          <header className="my-center__head">
            <h2 id={titleId} className="my-center__title">
              {title}
            </h2>
            {extra}
          </header>
          {children}
        </section>
      </div>
    </Card>
  );
}

export default MyCenterLayout;
