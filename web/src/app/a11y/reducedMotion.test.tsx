import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION } from './useMediaQuery';

vi.mock('../../utils/useSession', () => ({ useSession: () => ({ token: 't', user: { user_id: 'u1' } }) }));

const { AntdProviders } = await import('../AntdProviders');

function Motion() {
  const { token } = theme.useToken();
  return <span data-testid="motion">{`${token.motion} ${token.fontSize}`}</span>;
}

/** A system setting that can change while the page is open, as a MediaQueryList does. */
let reduce = false;
const listeners = new Set<() => void>();
beforeEach(() => {
  reduce = false;
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === REDUCED_MOTION && reduce;
    },
    media: query,
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  listeners.clear();
});

describe('less motion when the system asks for it (WCAG 2.3.3)', () => {
  it('antd keeps its motion by default', () => {
    render(
      <AntdProviders>
        <Motion />
      </AntdProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('true 14');
  });

  it('turns antd motion off when prefers-reduced-motion is reduce, and on again when the setting changes back', () => {
    reduce = true;
    render(
      <AntdProviders>
        <Motion />
      </AntdProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false 14'); // the rest of the theme stays
    act(() => {
      reduce = false;
      listeners.forEach((l) => l());
    });
    expect(screen.getByTestId('motion').textContent).toBe('true 14');
  });
});
