import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import type { TestApp } from '../app.js';
import type { RouteDef } from '../../src/platform/http/route.js';
import { TokenSigner } from '../../src/platform/auth/tokens.js';
import { decryptBody } from '../../src/platform/http/crypto.js';

/** One request exactly as it goes on the wire; nothing is added that is not asked for. */
export interface WireRequest {
  method: string;
  /** Path (params already in it). */
  path: string;
  /** Query parameters; an array repeats the key. Encoded with encodeURIComponent. */
  query?: Record<string, string | string[]>;
  /** Appended verbatim after the encoded query (malformed escapes, lone surrogates …). */
  rawQuery?: string;
  headers?: Record<string, string>;
  /** A JSON body (serialised here), or a raw payload with its own content type in `headers`. */
  json?: unknown;
  payload?: string | Buffer;
  /** Blade-Auth token (sent as `bearer <token>`). */
  token?: string;
  /** Basic client credentials; undefined = the web client's own, false = none. */
  client?: { id: string; secret: string } | false;
}

export interface WireResult {
  status: number;
  headers: Record<string, unknown>;
  /** The answer as sent. */
  raw: string;
  /** The answer's bytes (files). */
  rawBuffer: Buffer;
  /** The decrypted text when the answer was encrypted, else the raw text. */
  text: string;
  /** The parsed JSON of `text`, or undefined. */
  body: any;
  /** Decryption was expected (text/plain under /api) but failed. */
  undecryptable: boolean;
}

export function queryString(query: Record<string, string | string[]> | undefined, raw?: string): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(v) ? v : [v]) parts.push(`${encodeLoose(k)}=${encodeLoose(one)}`);
  }
  if (raw) parts.push(raw);
  return parts.length ? `?${parts.join('&')}` : '';
}

export const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** Sends one request through app.inject and decrypts the answer as the web client does. */
export async function send(t: TestApp, r: WireRequest): Promise<WireResult> {
  const headers: Record<string, string> = {};
  const client = r.client === undefined ? { id: t.config.clientId, secret: t.config.clientSecret } : r.client;
  if (client) headers.authorization = basic(client.id, client.secret);
  if (r.token !== undefined) headers['blade-auth'] = `bearer ${r.token}`;
  let payload: string | Buffer | undefined = r.payload;
  if (r.json !== undefined) {
    payload = JSON.stringify(r.json);
    headers['content-type'] = 'application/json';
  }
  Object.assign(headers, r.headers ?? {});
  const res = await t.app.inject({
    method: r.method as InjectOptions['method'],
    url: r.path + queryString(r.query, r.rawQuery),
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  const raw = res.body;
  let text = raw;
  let undecryptable = false;
  const type = String(res.headers['content-type'] ?? '');
  if (t.config.apiCrypto && r.path.startsWith('/api/') && type.startsWith('text/plain') && raw.length) {
    try {
      text = decryptBody(raw, t.config.aesKey);
    } catch {
      undecryptable = true;
    }
  }
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, headers: res.headers, raw, rawBuffer: res.rawPayload, text, body, undecryptable };
}

export const CJK = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/**
 * What is wrong with an answer, or null: never a 5xx; JSON answers under /api are the envelope
 * `{ code, success, data, msg }` (the token endpoint's errors are `{ error_code, error_description }`),
 * code mirrors the status, and an error carries a Chinese message. Raw successes (files, pages,
 * the token answer) are not enveloped.
 */
export function answerProblem(res: WireResult, def: Pick<RouteDef, 'raw' | 'oauthErrors'> | undefined, path: string): string | null {
  if (res.status >= 500) return `status ${res.status}`;
  if (res.undecryptable) return 'answer could not be decrypted';
  const type = String(res.headers['content-type'] ?? '');
  const isError = res.status >= 400;
  const json = res.body !== undefined && (type.startsWith('application/json') || type.startsWith('text/plain'));
  if (!isError) {
    if (def?.raw) return null;
    if (!path.startsWith('/api/')) return null;
    if (res.status >= 300) return null;
    if (!json) return `success answer is not JSON (${type})`;
    return envelopeProblem(res.body, res.status);
  }
  if (def?.oauthErrors && json && res.body && 'error_code' in res.body) {
    const b = res.body;
    if (b.error_code !== res.status) return `error_code ${b.error_code} ≠ status ${res.status}`;
    if (typeof b.error_description !== 'string' || !CJK.test(b.error_description))
      return `error_description without Chinese: ${JSON.stringify(b.error_description)}`;
    return null;
  }
  if (json) return envelopeProblem(res.body, res.status);
  if (type.startsWith('text/html')) return CJK.test(res.text) ? null : 'HTML error page without Chinese';
  return `error answer is neither the envelope nor a page (${type || 'no content type'}): ${res.text.slice(0, 120)}`;
}

function envelopeProblem(b: any, status: number): string | null {
  if (!b || typeof b !== 'object' || Array.isArray(b)) return `not an envelope: ${JSON.stringify(b)?.slice(0, 120)}`;
  for (const k of ['code', 'success', 'data', 'msg']) if (!(k in b)) return `envelope without ${k}: ${JSON.stringify(b).slice(0, 160)}`;
  if (b.code !== status) return `code ${b.code} ≠ status ${status}`;
  if (b.success !== (status === 200)) return `success ${b.success} with status ${status}`;
  if (typeof b.msg !== 'string') return 'msg is not a string';
  if (status >= 400 && !CJK.test(b.msg)) return `error msg without Chinese: ${JSON.stringify(b.msg)}`;
  return null;
}

export interface TokenSubject {
  id: string;
  account: string;
  tenantId: string;
  deptId: string;
  roleIds: string[];
}

/**
 * An access token signed like the server's (same secret unless another is given), for a fresh
 * chain unless one is named. ttlSeconds < 0 gives an expired one.
 */
export function mintToken(
  t: TestApp,
  user: TokenSubject,
  opts: { ttlSeconds?: number; chainId?: string; clientId?: string; secret?: string } = {},
): Promise<string> {
  const signer = new TokenSigner(opts.secret ?? t.config.jwtSecret);
  return signer.sign(
    {
      userId: user.id,
      account: user.account,
      tenantId: user.tenantId,
      deptId: user.deptId,
      roleIds: user.roleIds,
      clientId: opts.clientId ?? t.config.clientId,
      chainId: opts.chainId ?? randomUUID(),
    },
    opts.ttlSeconds ?? 600,
  );
}

/** The token with one character of its signature changed (not the last one, whose low bits may be padding). */
export function tamperSignature(token: string): string {
  const [h, p, s] = token.split('.');
  const i = Math.floor(s.length / 2);
  const c = s[i] === 'A' ? 'B' : 'A';
  return `${h}.${p}.${s.slice(0, i)}${c}${s.slice(i + 1)}`;
}

/** The token with its payload's subject changed and the old signature kept. */
export function tamperPayload(token: string, claims: Record<string, unknown>): string {
  const [h, p, s] = token.split('.');
  const payload = { ...JSON.parse(Buffer.from(p, 'base64url').toString('utf8')), ...claims };
  return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
}

/** The same claims with `alg: none` and no signature. */
export function unsignedToken(token: string): string {
  const [, p] = token.split('.');
  return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${p}.`;
}

/** Fails with every collected problem listed (one per line), or passes when there is none. */
export function assertNone(failures: string[], what = 'problems'): void {
  if (failures.length)
    throw new Error(
      `${failures.length} ${what}:\n  ${failures.slice(0, 60).join('\n  ')}${failures.length > 60 ? `\n  … and ${failures.length - 60} more` : ''}`,
    );
}

/** encodeURIComponent that also writes lone surrogates (as the bytes a WTF-8 encoder would), instead of throwing. */
export function encodeLoose(s: string): string {
  try {
    return encodeURIComponent(s);
  } catch {
    let out = '';
    for (const ch of s) {
      const c = ch.charCodeAt(0);
      if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
        out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 0x3f)).toString(16)}%${(0x80 | (c & 0x3f)).toString(16)}`.toUpperCase();
      else out += encodeURIComponent(ch);
    }
    return out;
  }
}
