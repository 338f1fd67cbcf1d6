/**
 * Is redirectUri registered for the client (wire contract §4)? Entries of web_server_redirect_uri
 * are comma-separated: an absolute URL must match exactly (query ignored); a path such as
 * /gsl/login matches that path on one of the sign-on portal's own origins (portal-origin.ts:
 * PUBLIC_URL, or the listening address — never the request's Host header).
 */
export function redirectAllowed(registered: string | null, redirectUri: string, portalOrigins: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.username || target.password) return false;
  const bare = `${target.origin}${target.pathname}`;
  for (const raw of (registered ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (raw.startsWith('/')) {
      if (portalOrigins.includes(target.origin) && target.pathname === raw) return true;
    } else {
      try {
        const reg = new URL(raw);
        if (`${reg.origin}${reg.pathname}` === bare) return true;
      } catch {
        /* a malformed registration matches nothing */
      }
    }
  }
  return false;
}
