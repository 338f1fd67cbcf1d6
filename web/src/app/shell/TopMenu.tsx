import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NOJUMP, usePortalMenu } from '../../api/portal/menu';
import type { MenuNode } from '../../api/system/menu';
import { hrefOf, openInNewTab } from './links';

const MY_DAY = { code: 'portal_myday', name: '我的一天', path: '/portal/myDay' };

interface Entry {
  code: string;
  name: string;
  path: string;
  isOpen?: number | null;
}

/** 我的一天 is always shown (with its own title when the server omits one); the rest as granted. */
export function topEntries(nodes: MenuNode[] | undefined): Entry[] {
  const sorted = [...(nodes ?? [])].filter((n) => n.path).sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
  const myDay = sorted.find((n) => n.code === MY_DAY.code);
  const rest = sorted.filter((n) => n !== myDay);
  return [{ ...MY_DAY, ...myDay, name: myDay?.name || MY_DAY.name, path: myDay?.path || MY_DAY.path }, ...rest];
}

/** The entry whose path is the longest prefix of the current route. */
export function activeEntry(entries: Entry[], pathname: string): string | undefined {
  return entries.filter((e) => pathname.startsWith(e.path)).sort((a, b) => b.path.length - a.path.length)[0]?.code;
}

/** The portal's top menu (specification §2): titles and visibility from the server. */
export function TopMenu() {
  const { data } = usePortalMenu();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entries = useMemo(() => topEntries(data), [data]);
  const active = activeEntry(entries, pathname);

  const open = (entry: Entry) => {
    if (entry.isOpen === NOJUMP) openInNewTab(hrefOf(entry.path));
    else navigate(entry.path);
  };

  return (
    <nav className="top-menu" aria-label="门户菜单">
      {entries.map((entry) => (
        <button
          key={entry.code}
          type="button"
          className={entry.code === active ? 'top-menu__item is-active' : 'top-menu__item'}
          aria-current={entry.code === active ? 'page' : undefined}
          data-testid={`top-menu-${entry.code}`}
          onClick={() => open(entry)}
        >
          {entry.name}
        </button>
      ))}
    </nav>
  );
}
