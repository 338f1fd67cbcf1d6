import type { ReactNode } from 'react';
import { Alert, Button, Empty } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';

interface LoadErrorProps {
  /** What failed; 数据加载失败 by default. */
  message?: string;
  /** Loads again (a query's refetch); without it there is no 重新加载 button. */
  onRetry?: () => unknown;
  testId?: string;
  className?: string;
  /** The empty-state picture; antd's small one by default. */
  image?: ReactNode;
  /**
   * `empty` (default): the empty state with the button under it, where the content would be (a table's
   * body, a drawer, a panel). `banner`: an error bar with a small button, above or instead of a form.
   */
  variant?: 'empty' | 'banner';
}

/**
 * A load that failed, said the same way on every screen: the message and 重新加载. It is announced
 * (role=alert): the spinner before it gave no other sign that loading ended.
 */
export function LoadError({ message = '数据加载失败', onRetry, testId, className, image = Empty.PRESENTED_IMAGE_SIMPLE, variant = 'empty' }: LoadErrorProps) {
  const retry = (size?: 'small') =>
    onRetry && (
      <Button size={size} icon={<ReloadOutlined />} onClick={() => void onRetry()}>
        重新加载
      </Button>
    );
  if (variant === 'banner') return <Alert type="error" showIcon title={message} action={retry('small')} className={className} data-testid={testId} />;
  return (
    // Empty passes further attributes on to its element; its props type only lacks `role`.
    <Empty image={image} description={message} className={className} data-testid={testId} {...({ role: 'alert' } as object)}>
      {retry()}
    </Empty>
  );
}
