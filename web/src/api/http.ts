import { MSG, type Envelope } from '@gsl/contract';
import { config } from '../config';
import { expireSession } from '../app/session/logout';
import { getToken } from '../app/session/sessionStore';
import { decryptBody } from './crypto';
import { toast } from './feedback';

/**
 * The one transport of the web client (architecture §4). Adds the Basic client header and the
 * Blade-Auth bearer token, decrypts every body, reads the envelope and applies the error
 * catalogue of specification §8:
 *   - body code (error_code, code, else HTTP status) 200/201 → success;
 *   - 401 → the full logout (app/session/logout.ts): 无权限访问 shown in place of the app (unless the
 *     message is a silent one), every stored entry forgotten, then the sign-on logout;
 *   - other codes → toast msg / error_description / 未知错误, except the silent messages;
 *   - HTTP 200..500 are read as envelopes; anything else, network failure or the 30-minute
 *     timeout → toast 系统错误;
 *   - a request cancelled by its caller's AbortSignal resolves quietly with `undefined`.
 * Failures reject with HttpError; `handled` says the user has already been told (or the message is
 * silent), so callers must not toast again.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    message: string,
    readonly code: number,
    readonly body: unknown = undefined,
    readonly handled: boolean = false,
  ) {
    super(message);
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData or URLSearchParams (sent as a form, e.g. a password). */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Background calls (the error-log upload): no toast, no forced sign-on; failures only reject. */
  quiet?: boolean;
}

export const REQUEST_TIMEOUT_MS = 30 * 60 * 1000;
const SUCCESS_CODES = new Set([200, 201]);
const SILENT_MESSAGES = new Set<string>([MSG.refreshInvalid, MSG.notLoggedIn]);

export function buildUrl(url: string, params?: Record<string, QueryValue>): string {
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(key, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
}

/** Bodies fetch sends as they are, with their own content type (multipart, urlencoded form). */
const isRawBody = (body: unknown): body is FormData | URLSearchParams => body instanceof FormData || body instanceof URLSearchParams;

function headersFor(opts: RequestOptions): Headers {
  const headers = new Headers(opts.headers);
  headers.set('Authorization', `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}`);
  const token = getToken();
  if (token) headers.set('Blade-Auth', `bearer ${token}`);
  if (opts.body !== undefined && !isRawBody(opts.body)) headers.set('Content-Type', 'application/json');
  return headers;
}

/** Plain JSON is read as is (dev, proxies); anything else is the encrypted form when crypto is on. */
function decode(text: string): unknown {
  const body = text.trim();
  if (body === '') return null;
  if (body.startsWith('{') || body.startsWith('[') || !config.apiCrypto) return JSON.parse(body);
  return JSON.parse(decryptBody(body, config.aesKey));
}

function fail(opts: RequestOptions, code: number, message: string, body?: unknown): never {
  if (opts.quiet) throw new HttpError(message, code, body, false);
  if (code === 401) {
    // A silent message (用户未登录: there was no token) still logs out, without 无权限访问.
    expireSession({ silent: SILENT_MESSAGES.has(message) });
    throw new HttpError(MSG.unauthorized, code, body, true);
  }
  if (!SILENT_MESSAGES.has(message)) toast.error(message);
  throw new HttpError(message, code, body, true);
}

/** Sends a request and returns the decrypted body (an envelope, or a flat token answer). */
export async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  const { signal } = opts;
  if (signal?.aborted) return undefined as T;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', cancel, { once: true });

  let status: number;
  let text: string;
  try {
    const body = opts.body === undefined || isRawBody(opts.body) ? opts.body : JSON.stringify(opts.body);
    const response = await fetch(buildUrl(url, opts.params), {
      method: opts.method ?? 'GET',
      headers: headersFor(opts),
      body: body as BodyInit | undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    status = response.status;
    text = await response.text();
  } catch {
    if (signal?.aborted) return undefined as T;
    return fail(opts, 0, MSG.systemError);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
  if (status < 200 || status > 500) return fail(opts, status, MSG.systemError);

  let body: unknown;
  try {
    body = decode(text);
  } catch {
    return fail(opts, status, MSG.systemError);
  }
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const code = Number(fields.error_code ?? fields.code ?? status);
  if (SUCCESS_CODES.has(code)) return body as T;
  const message = String(fields.msg || fields.error_description || '') || MSG.unknownError;
  return fail(opts, code, message, body);
}

/** GET an enveloped call and return its `data`. */
export async function get<T>(url: string, params?: Record<string, QueryValue>, opts: RequestOptions = {}): Promise<T> {
  const envelope = await request<Envelope<T> | undefined>(url, { ...opts, method: 'GET', params });
  return envelope?.data as T;
}

/** POST an enveloped call (JSON body) and return its `data`. */
export async function post<T>(url: string, body?: unknown, opts: RequestOptions = {}): Promise<T> {
  const envelope = await request<Envelope<T> | undefined>(url, { ...opts, method: 'POST', body });
  return envelope?.data as T;
}

/** For a caller's catch: http.ts has already toasted its own failures (HttpError.handled); anything else is a 系统错误. */
export function tellUnhandled(error: unknown): void {
  if (!(error instanceof HttpError && error.handled)) toast.error(MSG.systemError);
}
