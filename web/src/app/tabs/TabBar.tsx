import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dropdown, Tabs } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_TAB, isHomeTab, tabPath, useTabs } from './tabStore';

/**
 * A tab list holds tabs only (WAI-ARIA; axe aria-required-children): the close buttons antd puts beside
 * each tab and its overflow button are kept for the pointer, out of the accessibility tree and the tab
 * order; by keyboard the focused tab closes with Delete or Backspace (antd's tab list handles them) and
 * tabs hidden by the overflow are reached with the arrow keys.
 */
function keepTabListPure(root: HTMLElement): void {
  for (const el of root.querySelectorAll<HTMLElement>('[role="tablist"] .ant-tabs-tab-remove, [role="tablist"] .ant-tabs-nav-more')) {
    if (el.getAttribute('aria-hidden') !== 'true') el.setAttribute('aria-hidden', 'true');
    if (el.getAttribute('tabindex') !== '-1') el.setAttribute('tabindex', '-1');
  }
}

/** The tab bar: one tab per visited route (its latest query); the home tab cannot be closed (specification §2). */
export function TabBar({ active }: { active: string }) {
  const tabs = useTabs();
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = root.current;
    if (!el) return undefined;
    keepTabListPure(el);
    const observer = new MutationObserver(() => keepTabListPure(el));
    observer.observe(el, { subtree: true, childList: true, attributes: true, attributeFilter: ['tabindex', 'aria-hidden'] });
    return () => observer.disconnect();
  }, []);
  // Keyed by route path: a visit with another query is the same tab.
  const activeKey = tabs.some((t) => tabPath(t.value) === tabPath(active)) ? tabPath(active) : undefined;

  const close = (value: string) => {
    const next = closeTab(value, active);
    if (next) navigate(next);
  };

  return (
    <div className="tab-bar" data-testid="tab-bar" ref={root}>
      <Tabs
        className="tab-bar__tabs"
        size="small"
        type="editable-card"
        hideAdd
        activeKey={activeKey}
        onChange={(key) => navigate(tabs.find((t) => tabPath(t.value) === key)?.value ?? key)}
        onEdit={(key, action) => action === 'remove' && typeof key === 'string' && close(key)}
        items={tabs.map((tab) => ({
          key: tabPath(tab.value),
          closable: !isHomeTab(tab.value),
          label: (
            <span data-testid="tab" data-value={tab.value} data-active={tabPath(tab.value) === tabPath(active)}>
              {tab.label}
            </span>
          ),
        }))}
      />
      {/* Beside the tab list, not in it (a tab list holds tabs only). */}
      <Dropdown
        menu={{
          items: [
            { key: 'others', label: <span data-testid="tab-close-others">关闭其他</span> },
            { key: 'all', label: <span data-testid="tab-close-all">关闭全部</span> },
          ],
          onClick: ({ key }) => {
            if (key === 'others') {
              closeOtherTabs(active);
            } else {
              closeAllTabs();
              navigate(HOME_TAB.value);
            }
          },
        }}
      >
        <Button size="small" type="text" data-testid="tab-actions">
          更多 <DownOutlined />
        </Button>
      </Dropdown>
    </div>
  );
}
