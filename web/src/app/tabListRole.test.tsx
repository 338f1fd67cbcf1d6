import { render, screen, waitFor, within } from '@testing-library/react';
import { Button, Tabs } from 'antd';
import { describe, expect, it } from 'vitest';
import { AntdProviders } from './AntdProviders';
import { fixScrollableTables } from './tabListRole';

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

describe('scrolling tables are reachable by keyboard (axe scrollable-region-focusable)', () => {
  const box = (html: string, scrolls: boolean) => {
    const el = document.createElement('div');
    el.className = 'ant-table-content';
    el.innerHTML = html;
    Object.defineProperty(el, 'scrollWidth', { value: scrolls ? 900 : 300 });
    Object.defineProperty(el, 'clientWidth', { value: 300 });
    document.body.append(el);
    return el;
  };

  it('a scrolling table joins the tab order, one that fits does not; the measuring row is inert', () => {
    const wide = box('<table><tr class="ant-table-measure-row" aria-hidden="true"><td><input type="checkbox"></td></tr><tr><td>甲</td></tr></table>', true);
    const fits = box('<table><tr><td>乙</td></tr></table>', false);
    fixScrollableTables(document);
    expect(wide.getAttribute('tabindex')).toBe('0');
    expect(fits.hasAttribute('tabindex')).toBe(false);
    expect(wide.querySelector('.ant-table-measure-row')!.hasAttribute('inert')).toBe(true);
  });
});
