/**
 * Is redirectUri registered for the client (wire contract §4)? Entries of web_server_redirect_uri
 * are comma-separated: an absolute URL must match exactly (query ignored); a path such as
 * /gsl/login matches that path on the sign-on portal's own origin, so one registration serves
 * every host name the product is reached by.
 */
export function redirectAllowed(registered: string | null, redirectUri: string, portalOrigin: string): boolean {
  let target: URL;
  try {
    target = new URL(redirectUri);
  } catch {
    return false;
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return false;
  if (target.username || target.password) return false;
  const bare = `${target.origin}${target.pathname}`;
  for (const raw of (registered ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    if (raw.startsWith('/')) {
      if (target.origin === portalOrigin && target.pathname === raw) return true;
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
