const SECRET_KEY = /pass(word)?|secret|token|captcha|^code$|^state$|authorization|blade-auth|credential|pwd/i;
const MAX = 4000;
/** Deeper values are logged as '…': a hostile body nested thousands deep must not overflow the stack. */
const MAX_DEPTH = 12;

function bounded(value: unknown, depth: number): unknown {
  if (!value || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => bounded(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value).slice(0, 200)) out[k] = SECRET_KEY.test(k) ? '******' : bounded(v, depth + 1);
  return out;
}

/** Request parameters for a log row: secrets masked, long values cut. */
export function maskParams(query: unknown, body: unknown): string | null {
  const merged: Record<string, unknown> = {};
  if (query && typeof query === 'object') Object.assign(merged, query);
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) Object.assign(merged, Array.isArray(body) ? { body } : body);
  if (!Object.keys(merged).length) return null;
  const text = JSON.stringify(bounded(merged, 0));
  return text.length > MAX ? `${text.slice(0, MAX)}…` : text;
}

/**
 * A request URL for a log line with the values of secret parameters (a download token in
 * `Blade-Auth`, a password, a code) replaced, so no token or password is written to a log.
 */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const masked = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      let key = pair.slice(0, eq);
      try {
        key = decodeURIComponent(key);
      } catch {
        /* a malformed name is logged as sent */
      }
      return SECRET_KEY.test(key) ? `${pair.slice(0, eq)}=******` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${masked}`;
}
