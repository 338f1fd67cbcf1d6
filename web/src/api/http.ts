import { MSG, type Envelope } from '@gsl/contract';
import { config } from '../config';
import { getToken } from '../utils/sessionStore';
import { decryptBody } from './crypto';
import { toast } from './feedback';

/**
 * The one transport of the web client (architecture §4). Adds the Basic client header and the
 * Blade-Auth bearer token, decrypts every body, reads the envelope and applies the error
 * catalogue of specification §8:
 *   - body code (error_code, code, else HTTP status) 200/201 → success;
 *   - 401 → the app's onUnauthorized (configureHttp; the app's full logout shows 无权限访问 in place
 *     of the app unless the message is a silent one, forgets every stored entry, then signs out);
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

/**
 * What the app lends the client at start (main.tsx). The client is used by the app shell, so it
 * cannot import the shell's logout: the shell hands it in.
 */
export interface HttpSettings {
  /** A 401: end the session; `silent` when the message needs no notice (用户未登录: there was no token). */
  onUnauthorized(how: { silent: boolean }): void;
}

const settings: HttpSettings = { onUnauthorized: () => undefined };

export function configureHttp(next: Partial<HttpSettings>): void {
  Object.assign(settings, next);
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

/** The Basic client header and, when signed in, the Blade-Auth bearer token (files.ts's uploads set them on an XMLHttpRequest). */
export function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = { Authorization: `Basic ${btoa(`${config.clientId}:${config.clientSecret}`)}` };
  // Read at every call: another window may have just stored a refreshed token.
  const token = getToken();
  if (token) headers['Blade-Auth'] = `bearer ${token}`;
  return headers;
}

function headersFor(opts: RequestOptions): Record<string, string> {
  const headers = { ...opts.headers, ...authHeaders() };
  if (opts.body !== undefined && !isRawBody(opts.body)) headers['Content-Type'] = 'application/json';
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
    settings.onUnauthorized({ silent: SILENT_MESSAGES.has(message) });
    throw new HttpError(MSG.unauthorized, code, body, true);
  }
  if (!SILENT_MESSAGES.has(message)) toast.error(message);
  throw new HttpError(message, code, body, true);
}

/**
 * Sends a request with the client's headers under the timeout and the caller's signal; `read` takes
 * the response while the timeout still runs (a streamed download is covered too). Resolves undefined
 * when the caller cancelled; a network failure, the timeout or a failing `read` is a 系统错误.
 */
export async function exchange<R>(url: string, opts: RequestOptions, read: (response: Response) => Promise<R>): Promise<R | undefined> {
  const { signal } = opts;
  if (signal?.aborted) return undefined;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error('timeout')), REQUEST_TIMEOUT_MS);
  const cancel = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const body = opts.body === undefined || isRawBody(opts.body) ? opts.body : JSON.stringify(opts.body);
    const response = await fetch(buildUrl(url, opts.params), {
      method: opts.method ?? 'GET',
      headers: headersFor(opts),
      body: body as BodyInit | undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    return await read(response);
  } catch {
    if (signal?.aborted) return undefined;
    return fail(opts, 0, MSG.systemError);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
  }
}

/**
 * Reads an answer by the catalogue (specification §8) and returns its decrypted body; anything else
 * is told (or not, see `fail`) and thrown. Status 0 stands for no answer at all (a network failure).
 */
export function readAnswer<T>(status: number, text: string, opts: RequestOptions = {}): T {
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

/** Sends a request and returns the decrypted body (an envelope, or a flat token answer). */
export async function request<T>(url: string, opts: RequestOptions = {}): Promise<T> {
  const answer = await exchange(url, opts, async (response) => ({ status: response.status, text: await response.text() }));
  if (!answer) return undefined as T;
  return readAnswer<T>(answer.status, answer.text, opts);
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
