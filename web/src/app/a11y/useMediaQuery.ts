import { useSyncExternalStore } from 'react';

/**
 * Below this width the shell reflows (issue 21, WCAG 1.4.4 / 1.4.10): a 1280 px screen at 200 % browser
 * zoom is 640 CSS px wide, 1920 px at 200 % is 960. The header wraps onto rows and the side menu folds
 * away behind its 菜单 button; shell.css uses the same width.
 */
export const NARROW_SHELL = '(max-width: 1023px)';

/**
 * The visitor asked the system for less motion (WCAG 2.3.3; vestibular disorders): antd's own motion is
 * turned off (AntdProviders, ModelApp) and styles/base.css stops the product's transitions and animations.
 */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
