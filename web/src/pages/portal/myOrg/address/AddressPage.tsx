import type { ReactNode } from 'react';
import { Empty, Spin } from 'antd';
import { usePermissions } from '../../../../api/system/menu';
import './address.css';

/** The frame of an address-book screen: its title (the page's heading), a line saying what it holds, the content. */
export function AddressPage({
  title,
  note,
  extra,
  children,
  testId,
}: {
  title: string;
  note?: string;
  extra?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <div className="address-page" data-testid={testId}>
      <div className="address-toolbar">
        <h2 className="address-page__title" id={`${testId}-title`}>
          {title}
        </h2>
        {extra}
      </div>
      {note && <p className="address-page__note">{note}</p>}
      {children}
    </div>
  );
}

/**
 * The screen's content only for holders of its menu or button `code`; others are told so plainly instead of
 * meeting the server's 403 (which still guards every call).
 */
export function RequireCode({ code, what, children }: { code: string; what: string; children: ReactNode }) {
  const permissions = usePermissions();
  if (permissions.isPending) return <Spin aria-label="加载中" />;
  if (!permissions.data?.[code]) return <Empty description={`您没有${what}的权限`} data-testid="address-no-access" {...({ role: 'alert' } as object)} />;
  return children;
}
