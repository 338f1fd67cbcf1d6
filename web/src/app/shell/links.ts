import { appUrl, config } from '../../config';

/** Where a menu path opens in a new tab: full URLs as given, /model/… on the model origin, else this app. */
export function hrefOf(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  if (path.startsWith('/model/')) return `${config.modelOrigin}${path}`;
  return appUrl(path.startsWith('/') ? path : `/${path}`);
}
