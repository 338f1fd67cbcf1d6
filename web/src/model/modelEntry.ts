import { loginByCode } from '../api/auth';
import { saveTokenAnswer } from '../utils/sessionStore';

/**
 * The `token` parameter of a /model/#/… address (specification §2 "Embedded AI pages"): a one-time
 * code the portal asked for (POST /api/blade-auth/oauth/model-code). It is taken out of the address
 * before anything else runs (never left in the history, a bookmark or a Referer), then exchanged for
 * the normal session (grant sso_authorization_code), which the page then uses like any other window.
 */
export function takeEntryCode(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: History = window.history,
): string | undefined {
  const { hash } = location;
  const q = hash.indexOf('?');
  if (q < 0) return undefined;
  const params = new URLSearchParams(hash.slice(q + 1));
  if (!params.has('token')) return undefined;
  const code = params.get('token') ?? '';
  params.delete('token');
  const rest = params.toString();
  history.replaceState(history.state, '', `${location.pathname}${location.search}${hash.slice(0, q)}${rest ? `?${rest}` : ''}`);
  return code || undefined;
}

export type EntryResult = 'none' | 'signed' | 'refused';

/**
 * Exchanges the entry code, if the address carried one. Refused (spent, expired, its sign-on session
 * ended): the page goes on with whatever session this browser already has, and says 登录已失效 if none.
 */
export async function enterWithCode(): Promise<EntryResult> {
  const code = takeEntryCode();
  if (!code) return 'none';
  try {
    saveTokenAnswer(await loginByCode(code, undefined, { quiet: true }));
    return 'signed';
  } catch {
    return 'refused';
  }
}
