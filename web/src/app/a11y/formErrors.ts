/**
 * Form errors read out (issue 21, WCAG 3.3.1 / 4.1.3): antd 6 shows a field's messages (请输入参数名称,
 * 统一社会信用代码校验位不正确 …) in `.ant-form-item-explain` without a role, so a screen reader says
 * nothing when they appear. Each error message becomes an alert (a warning a status) as it comes in, for
 * every form of the document — one place instead of one per form. The observer's callback runs before the
 * browser builds its accessibility tree for the new message, so the message enters it already an alert.
 * The toasts (antd message / notification) need nothing: each notice is a role="alert" of its own.
 */
const EXPLAIN = '.ant-form-item-explain';

export function markFormErrors(root: ParentNode): void {
  for (const item of root.querySelectorAll<HTMLElement>(`${EXPLAIN}-error:not([role])`)) item.setAttribute('role', 'alert');
  for (const item of root.querySelectorAll<HTMLElement>(`${EXPLAIN}-warning:not([role])`)) item.setAttribute('role', 'status');
}

/** Keeps marking form messages as they come; returns the stop function. */
export function watchFormErrors(root: HTMLElement = document.body): () => void {
  markFormErrors(root);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        if (node.closest(EXPLAIN) || node.querySelector(EXPLAIN)) markFormErrors(node.parentElement ?? node);
      }
    }
  });
  observer.observe(root, { subtree: true, childList: true });
  return () => observer.disconnect();
}
