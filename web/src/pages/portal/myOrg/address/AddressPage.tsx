import type { ReactNode } from 'react';
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
