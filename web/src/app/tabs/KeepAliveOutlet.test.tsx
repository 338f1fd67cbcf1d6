import { useEffect } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { clearTabs, closeTab, getTabs, openTab } from './tabStore';

function Field({ name }: { name: string }) {
  const { pathname } = useLocation();
  return (
    <label>
      {name}
      <input aria-label={name} data-path={pathname} />
    </label>
  );
}

let go: (to: string) => void = () => undefined;

function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  go = navigate;
  const value = `${location.pathname}${location.search}`;
  const keep = location.pathname !== '/transient';
  useEffect(() => {
    if (keep) openTab({ label: value, value, params: {}, query: {}, meta: { title: value }, group: '' });
  }, [value, keep]);
  return <KeepAliveOutlet active={value} keep={keep} />;
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/a']}>
      <Routes>
        <Route element={<Layout />}>
          <Route path="a" element={<Field name="A" />} />
          <Route path="b" element={<Field name="B" />} />
          <Route path="transient" element={<Field name="T" />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('tabs keep their pages alive (specification §2)', () => {
  beforeEach(() => clearTabs());

  it('switching tabs hides instead of unmounting, so typed values survive', () => {
    renderApp();
    const a = screen.getByLabelText('A') as HTMLInputElement;
    fireEvent.change(a, { target: { value: '会员单位' } });

    act(() => go('/b'));
    expect(screen.getByLabelText('B')).toBeTruthy();
    expect(a.closest<HTMLElement>('.keep-alive-pane')!.style.display).toBe('none');
    // a hidden page still sees its own URL
    expect(a.dataset.path).toBe('/a');

    act(() => go('/a'));
    const again = screen.getByLabelText('A') as HTMLInputElement;
    expect(again).toBe(a);
    expect(again.value).toBe('会员单位');
    expect(again.closest<HTMLElement>('.keep-alive-pane')!.style.display).toBe('');
  });

  it('routes that make no tab are not kept', () => {
    renderApp();
    act(() => go('/transient'));
    expect(screen.getByLabelText('T')).toBeTruthy();
    act(() => go('/a'));
    expect(screen.queryByLabelText('T')).toBeNull();
    expect(getTabs().some((t) => t.value === '/transient')).toBe(false);
  });

  it('closing a tab drops its page', () => {
    renderApp();
    fireEvent.change(screen.getByLabelText('A'), { target: { value: 'x' } });
    act(() => go('/b'));
    act(() => {
      closeTab('/a', '/b');
    });
    expect(screen.queryByLabelText('A')).toBeNull();
    act(() => go('/a'));
    expect((screen.getByLabelText('A') as HTMLInputElement).value).toBe('');
  });
});
