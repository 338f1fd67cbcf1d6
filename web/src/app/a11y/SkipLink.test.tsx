import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

// The shell with its data and its heavier parts stubbed: what is checked is the order of the skip
// link, the header and the one main landmark.
vi.mock('../../api/system/menu', () => ({ useMenuRoutes: () => ({ data: [] }) }));
vi.mock('../../api/system/user', () => ({ useUserInfo: () => ({ data: { passwordResetRequired: 0 } }) }));
vi.mock('../AppRoutes', () => ({ useRouteTable: () => [] }));
vi.mock('../shell/AppHeader', () => ({
  AppHeader: () => (
    <header>
      <button type="button">我的一天</button>
    </header>
  ),
}));
vi.mock('../shell/SideMenu', () => ({ SideMenu: () => <nav aria-label="侧边菜单">side</nav> }));
vi.mock('../tabs/TabBar', () => ({ TabBar: () => <div role="tablist" /> }));
vi.mock('../tabs/KeepAliveOutlet', () => ({ KeepAliveOutlet: () => <button type="button">页面按钮</button> }));
vi.mock('../../pages/portal/reminder/ChamberReminder', () => ({ default: () => null }));

const { default: ShellLayout } = await import('../shell/ShellLayout');

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

function renderShell(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<ShellLayout />} />
      </Routes>
    </MemoryRouter>,
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('跳到主要内容 (issue 21, WCAG 2.4.1)', () => {
  it('moves the focus into the main landmark without changing the address', () => {
    render(
      <>
        <SkipLink />
        <nav>
          <a href="#x">菜单</a>
        </nav>
        <main id={MAIN_CONTENT_ID} tabIndex={-1}>
          内容
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: '跳到主要内容' });
    expect(link.getAttribute('href')).toBe(`#${MAIN_CONTENT_ID}`);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('without its target it is an ordinary link (nothing is prevented)', () => {
    render(<SkipLink target="nowhere" />);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(screen.getByRole('link', { name: '跳到主要内容' }), click);
    expect(click.defaultPrevented).toBe(false);
  });

  for (const [shell, path] of [
    ['portal', '/portal/myDay'],
    ['administration', '/system/user'],
  ] as const) {
    it(`is the first focusable element of the ${shell} shell, which has exactly one main landmark`, () => {
      renderShell(path);
      const first = document.querySelector<HTMLElement>(FOCUSABLE);
      expect(first?.textContent).toBe('跳到主要内容');
      const mains = screen.getAllByRole('main');
      expect(mains).toHaveLength(1);
      expect(mains[0].id).toBe(MAIN_CONTENT_ID);
      expect(mains[0].getAttribute('tabindex')).toBe('-1');
      expect(mains[0].contains(screen.getByRole('button', { name: '页面按钮' }))).toBe(true);
      expect(document.querySelectorAll('main, [role="main"]')).toHaveLength(1);
      fireEvent.click(first as HTMLElement);
      expect(document.activeElement).toBe(mains[0]);
    });
  }
});
