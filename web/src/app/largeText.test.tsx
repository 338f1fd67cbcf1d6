import { act, render, renderHook, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LARGE_FONT_SIZE, setLargeText, useLargeText } from './largeText';

const session = vi.hoisted(() => ({ user: { user_id: 'u1' } as { user_id: string } | undefined }));
vi.mock('../utils/useSession', () => ({ useSession: () => ({ token: 't', user: session.user }) }));

const { AntdProviders } = await import('./AntdProviders');

function FontSize() {
  return <span data-testid="font-size">{theme.useToken().token.fontSize}</span>;
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-large-text');
});

describe('大字模式 (适老化)', () => {
  it('is kept per user in this browser', () => {
    const u1 = renderHook(() => useLargeText('u1'));
    const u2 = renderHook(() => useLargeText('u2'));
    expect(u1.result.current).toBe(false);
    act(() => setLargeText('u1', true));
    expect(u1.result.current).toBe(true);
    expect(u2.result.current).toBe(false); // another user of the same browser keeps his own size
    expect(localStorage.getItem('gsl-large-text:u1')).toBe('1');
    act(() => setLargeText('u1', false));
    expect(u1.result.current).toBe(false);
    expect(localStorage.getItem('gsl-large-text:u1')).toBeNull();
  });

  it('sets antd fontSize and marks the document while on', () => {
    render(
      <AntdProviders>
        <FontSize />
      </AntdProviders>,
    );
    expect(screen.getByTestId('font-size').textContent).toBe('14');
    act(() => setLargeText('u1', true));
    expect(screen.getByTestId('font-size').textContent).toBe(String(LARGE_FONT_SIZE));
    expect(document.documentElement.hasAttribute('data-large-text')).toBe(true);
    act(() => setLargeText('u1', false));
    expect(screen.getByTestId('font-size').textContent).toBe('14');
    expect(document.documentElement.hasAttribute('data-large-text')).toBe(false);
  });
});
