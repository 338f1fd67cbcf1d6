import { render, screen, waitFor, within } from '@testing-library/react';
import { Button, Tabs } from 'antd';
import { describe, expect, it } from 'vitest';
import { AntdProviders } from './AntdProviders';

describe('tab lists hold tabs only (axe aria-required-children)', () => {
  it('moves role="tablist" off the bar holding the extra content, onto the tabs', async () => {
    render(
      <AntdProviders>
        <Tabs
          items={[
            { key: 'a', label: '甲' },
            { key: 'b', label: '乙' },
          ]}
          tabBarExtraContent={<Button>工具</Button>}
        />
      </AntdProviders>,
    );
    await waitFor(() => expect(screen.getByRole('tablist').classList.contains('ant-tabs-nav-list')).toBe(true));
    const list = screen.getByRole('tablist');
    expect(within(list).getAllByRole('tab')).toHaveLength(2);
    expect(within(list).queryByRole('button', { name: /工\s*具/ })).toBeNull();
    expect(list.getAttribute('aria-orientation')).toBe('horizontal');
    expect(screen.getByRole('button', { name: /工\s*具/ })).toBeTruthy();
  });
});
