import type { MouseEvent } from 'react';
import { modelCode } from '../../api/auth';
import { appUrl, config } from '../../config';
import { browser } from '../../utils/browser';

/** Where a menu path opens in a new tab: full URLs as given, /model/… on the model origin, else this app. */
export function hrefOf(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith('/model/')) return `${config.modelOrigin}${path}`;
  return appUrl(path.startsWith('/') ? path : `/${path}`);
}

/**
 * Whether `href` is a page of the second front end served on another origin (MODEL_ORIGIN): it cannot
 * read this window's session there, so it is opened with a one-time code in its `token` parameter.
 * On this origin the page shares the session and needs none.
 */
export function needsEntryCode(href: string, here: string = window.location.origin): boolean {
  if (!config.modelOrigin) return false;
  try {
    const url = new URL(href, here);
    return url.origin !== here && url.origin === new URL(config.modelOrigin, here).origin && url.pathname.startsWith('/model/');
  } catch {
    return false;
  }
}

/** `href` with `token=<code>` added to its hash route's query. */
export function withEntryCode(href: string, code: string): string {
  const hashAt = href.indexOf('#');
  const hash = hashAt < 0 ? '#/' : href.slice(hashAt);
  const base = hashAt < 0 ? href : href.slice(0, hashAt);
  const q = hash.indexOf('?');
  const params = new URLSearchParams(q < 0 ? '' : hash.slice(q + 1));
  params.set('token', code);
  return `${base}${q < 0 ? hash : hash.slice(0, q)}?${params.toString()}`;
}

/**
 * Opens `href` in a new tab. A page of the second front end on another origin gets a one-time code of
 * this session: the tab is opened at once (inside the click, so no pop-up blocker stops it), cut off
 * from this window, and sent to the address once the code is there. Without a code (the session
 * ended) it opens the plain address, which asks to sign on again.
 */
export function openInNewTab(href: string): void {
  if (!needsEntryCode(href)) {
    browser.open(href);
    return;
  }
  const tab = window.open('', '_blank');
  if (!tab) return;
  tab.opener = null;
  void modelCode()
    .then(({ code }) => tab.location.replace(withEntryCode(href, code)))
    .catch(() => tab.location.replace(href));
}

/** onClick of a link to a second-front-end page: lets the browser follow it unless a code must go with it. */
export function followModelLink(event: MouseEvent<HTMLElement>, href: string): void {
  if (!needsEntryCode(href) || event.defaultPrevented) return;
  event.preventDefault();
  openInNewTab(href);
}
