import type { ReactNode } from 'react';

/**
 * A plain error/result panel (title, explanation, actions) for places that must render without
 * antd: the /login hand-over and the error boundary that reports a chunk that failed to load.
 */
export function StatusPanel({ title, detail, actions, testId }: { title: string; detail?: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <div className="status-panel" role="alert" data-testid={testId}>
      <div className="status-panel__icon" aria-hidden="true">
        !
      </div>
      <div className="status-panel__title">{title}</div>
      {detail && <div className="status-panel__detail">{detail}</div>}
      {actions && <div className="status-panel__actions">{actions}</div>}
    </div>
  );
}
