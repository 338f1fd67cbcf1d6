import type { ReactNode } from 'react';
import { Drawer } from 'antd';

/**
 * A drawer about one named record (its 变更记录, its 会员代表 …): open while there is a record, titled
 * `${title} - ${name}`, its content built anew at each opening.
 */
export function RecordDrawer({
  record,
  title,
  size,
  onClose,
  testId,
  children,
}: {
  record: { name: string } | undefined;
  title: string;
  size: number;
  onClose: () => void;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Drawer open={Boolean(record)} onClose={onClose} size={size} title={record ? `${title} - ${record.name}` : title} destroyOnHidden data-testid={testId}>
      {children}
    </Drawer>
  );
}
