import { Component, type ErrorInfo, type ReactNode } from 'react';
import { StatusPanel } from '../../components/StatusPanel';
import { recordError } from './errorLog';

interface Props {
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/**
 * Catches render errors of a page: records them in the error log (specification §8) and shows an
 * error panel. A lazy chunk that did not load (ChunkLoadError) offers a reload, anything else a
 * retry. Plain markup: it must work even when the chunk that failed was antd's.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    recordError(error.name === 'ChunkLoadError' ? 'ChunkLoadError' : 'render', error, info.componentStack ?? '');
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (error.name === 'ChunkLoadError') {
      return (
        <StatusPanel
          testId="chunk-error"
          title="页面加载失败"
          detail={`${error.message}。请检查网络后重新加载。`}
          actions={
            <button type="button" className="plain-button plain-button--primary" onClick={() => window.location.reload()} data-testid="chunk-reload">
              重新加载
            </button>
          }
        />
      );
    }
    return (
      <StatusPanel
        testId="page-error"
        title="页面出错了"
        detail={error.message || '未知错误'}
        actions={
          <button type="button" className="plain-button plain-button--primary" onClick={() => this.setState({ error: null })}>
            重试
          </button>
        }
      />
    );
  }
}
