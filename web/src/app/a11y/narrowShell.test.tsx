import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAIN_CONTENT_ID } from './SkipLink';
import { NARROW_SHELL } from './useMediaQuery';

// The shell on a narrow window (200 % zoom): the header's 菜单 button folds the side menu away and back.
vi.mock('../../api/system/menu', () => ({ useMenuRoutes: () => ({ data: [] }) }));
vi.mock('../../api/system/user', () => ({ useUserInfo: () => ({ data: { passwordResetRequired: 0 } }) }));
vi.mock('../AppRoutes', () => ({ useRouteTable: () => [] }));
vi.mock('../shell/AppHeader', () => ({
  AppHeader: ({ sideMenu }: { sideMenu?: { open: boolean; toggle: () => void } }) => (
    <header>
      {sideMenu && (
        <button type="button" aria-expanded={sideMenu.open} onClick={sideMenu.toggle}>
          菜单
        </button>
      )}
    </header>
  ),
}));
vi.mock('../shell/SideMenu', () => ({
  SideMenu: ({ onChoose }: { onChoose?: () => void }) => (
    <aside data-testid="side-menu">
      <button type="button" onClick={onChoose}>
        参数管理
      </button>
    </aside>
  ),
}));
vi.mock('../tabs/TabBar', () => ({ TabBar: () => null }));
vi.mock('../tabs/KeepAliveOutlet', () => ({ KeepAliveOutlet: () => <p>页面</p> }));
vi.mock('../../pages/portal/reminder/ChamberReminder', () => ({ default: () => null }));

const { default: ShellLayout } = await import('../shell/ShellLayout');

let narrow = false;
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === NARROW_SHELL && narrow,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});
afterEach(() => vi.unstubAllGlobals());

function renderShell(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<ShellLayout />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the shell on a narrow window (issue 21, 200 % zoom)', () => {
  it('wide: the side menu is shown and there is no 菜单 button', () => {
    narrow = false;
    renderShell('/system/param');
    expect(screen.getByTestId('side-menu')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '菜单' })).toBeNull();
  });

  it('narrow: the side menu folds behind 菜单; choosing an entry folds it and focuses the page', () => {
    narrow = true;
    renderShell('/system/param');
    expect(screen.queryByTestId('side-menu')).toBeNull();
    const toggle = screen.getByRole('button', { name: '菜单' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '参数管理' }));
    expect(screen.queryByTestId('side-menu')).toBeNull();
    expect(document.activeElement?.id).toBe(MAIN_CONTENT_ID);
  });

  it('the portal has no side menu, so no 菜单 button either', () => {
    narrow = true;
    renderShell('/portal/myDay');
    expect(screen.queryByRole('button', { name: '菜单' })).toBeNull();
  });
});
