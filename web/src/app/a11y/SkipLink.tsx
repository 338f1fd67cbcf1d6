import type { MouseEvent } from 'react';
import './a11y.css';

/** The id of the shell's one <main> landmark, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 跳到主要内容 (WCAG 2.4.1 Bypass Blocks): the first focusable element of the shell, visually hidden
 * until it has the focus. It moves the focus into the main landmark (which takes it with tabIndex -1),
 * so the next Tab goes on from the page's content instead of the header and menus. The address does
 * not change (no #fragment in the history of the router).
 */
export function SkipLink({ target = MAIN_CONTENT_ID }: { target?: string }) {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(target);
    if (!main) return;
    event.preventDefault();
    main.focus();
  };
  return (
    <a className="skip-link" href={`#${target}`} onClick={skip} data-testid="skip-link">
      跳到主要内容
    </a>
  );
}
