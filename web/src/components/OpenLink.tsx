import type { ReactNode } from 'react';

/**
 * A record's name as the link that opens it (its 详情 or 档案) on the same page: with an href it is
 * reached and opened by keyboard too, and the page does not navigate.
 */
export function OpenLink({ onOpen, testId, children }: { onOpen: () => void; testId: string; children: ReactNode }) {
  return (
    <a
      href="#"
      onClick={(e) => {
        e.preventDefault();
        onOpen();
      }}
      data-testid={testId}
    >
      {children}
    </a>
  );
}
