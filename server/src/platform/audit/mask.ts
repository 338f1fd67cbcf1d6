const SECRET_KEY = /pass(word)?|secret|token|captcha|^code$|authorization|blade-auth|credential|pwd/i;
const MAX = 4000;

/** Request parameters for a log row: secrets masked, long values cut (issue 2 §3). */
export function maskParams(query: unknown, body: unknown): string | null {
  const merged: Record<string, unknown> = {};
  if (query && typeof query === 'object') Object.assign(merged, query);
  if (body && typeof body === 'object' && !Buffer.isBuffer(body)) Object.assign(merged, Array.isArray(body) ? { body } : body);
  if (!Object.keys(merged).length) return null;
  const text = JSON.stringify(merged, (key, value) => (key && SECRET_KEY.test(key) ? '******' : value));
  return text.length > MAX ? `${text.slice(0, MAX)}…` : text;
}
