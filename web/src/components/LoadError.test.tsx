import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './LoadError';

describe('LoadError', () => {
  it('says 数据加载失败 as an alert and loads again with 重新加载', () => {
    const retry = vi.fn();
    render(<LoadError testId="x-error" onRetry={retry} />);
    expect(screen.getByRole('alert').getAttribute('data-testid')).toBe('x-error');
    expect(screen.getByText('数据加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重新加载/ }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('has no button without onRetry, and a banner says its own message', () => {
    const { unmount } = render(<LoadError />);
    expect(screen.queryByRole('button')).toBeNull();
    unmount();
    render(<LoadError variant="banner" message="权限数据加载失败" onRetry={() => undefined} testId="grant-error" />);
    expect(screen.getByTestId('grant-error').textContent).toContain('权限数据加载失败');
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy();
  });
});
