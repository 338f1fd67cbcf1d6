/**
 * antd's Tabs put role="tablist" on the whole tab bar, which also holds the bar's extra content
 * (tabBarExtraContent: search fields, buttons) and its overflow button; a tab list may hold tabs only
 * (WAI-ARIA, axe aria-required-children, critical). This moves the role, and its orientation, to the
 * element that holds just the tabs (.ant-tabs-nav-list), for every Tabs of the document — one fix for
 * all pages instead of one per page.
 */
const NAV = '.ant-tabs-nav[role="tablist"]';

export function fixTabLists(root: ParentNode): void {
  for (const nav of root.querySelectorAll<HTMLElement>(NAV)) {
    const list = nav.querySelector<HTMLElement>(':scope > .ant-tabs-nav-wrap > .ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
}

/**
 * A table wider than its box scrolls; a keyboard user must be able to reach and scroll it (axe
 * scrollable-region-focusable, serious), so the scroll box joins the tab order. antd's hidden measuring
 * row (aria-hidden) copies the header's controls: it is made inert, so nothing hidden takes the focus
 * (axe aria-hidden-focus, serious).
 */
export function fixScrollableTables(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
    const scrolls = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight;
    if (scrolls) {
      if (box.getAttribute('tabindex') !== '0') box.setAttribute('tabindex', '0');
    } else if (box.getAttribute('tabindex') === '0') box.removeAttribute('tabindex');
  }
  for (const row of root.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])')) row.setAttribute('inert', '');
}

/** Keeps every Tabs (and scrolling table) of the document fixed as they come and go; returns the stop function. */
export function watchTabLists(root: HTMLElement = document.body): () => void {
  fixTabLists(root);
  fixScrollableTables(root);
  let queued = false;
  const observer = new MutationObserver(() => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => {
      queued = false;
      fixTabLists(root);
      fixScrollableTables(root);
    });
  });
  observer.observe(root, { subtree: true, childList: true });
  return () => observer.disconnect();
}
