import { useNavigate } from 'react-router';
import { Button, Dropdown, Tabs } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { closeAllTabs, closeOtherTabs, closeTab, HOME_TAB, isHomeTab, tabPath, useTabs } from './tabStore';

/** The tab bar: one tab per visited route (its latest query); the home tab cannot be closed (specification §2). */
export function TabBar({ active }: { active: string }) {
  const tabs = useTabs();
  const navigate = useNavigate();
  // Keyed by route path: a visit with another query is the same tab.
  const activeKey = tabs.some((t) => tabPath(t.value) === tabPath(active)) ? tabPath(active) : undefined;

  const close = (value: string) => {
    const next = closeTab(value, active);
    if (next) navigate(next);
  };

  return (
    <div className="tab-bar" data-testid="tab-bar">
      <Tabs
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
        tabBarExtraContent={
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
        }
      />
    </div>
  );
}
