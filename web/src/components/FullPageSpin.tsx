/**
 * Whole-page loading state (sign-on hand-over, lazy chunks). Plain markup and CSS, no antd, so the
 * /login bundle stays small.
 */
export function FullPageSpin({ tip = '加载中…' }: { tip?: string }) {
  return (
    <div className="full-page-spin" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <div className="full-page-spin__tip">{tip}</div>
    </div>
  );
}
