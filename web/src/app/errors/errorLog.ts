import { sendLogs, type ClientLogEntry } from '../../api/log/clientLog';
import { getToken } from '../../utils/sessionStore';
import { getStore, setStore } from '../../utils/storage';
import { HttpError } from '../../api/http';

/**
 * The local error log (specification §8 "Uncaught UI errors"): every uncaught error is appended to
 * the stored list 'logs' (url, time, type, message, stack, info) and, while signed in, uploaded with
 * sendLogs. The upload is best-effort: a failure is dropped, never logged again (no loops).
 */
const LOG_NAME = 'logs';
const MAX_ENTRIES = 50;
let pending: ClientLogEntry[] = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

export function getErrorLog(): ClientLogEntry[] {
  return getStore<ClientLogEntry[]>(LOG_NAME) ?? [];
}

const pad = (n: number) => String(n).padStart(2, '0');
function timestamp(d = new Date()): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function recordError(type: string, error: unknown, info = ''): void {
  // A server answer the transport already reported is not a UI bug.
  if (error instanceof HttpError) return;
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : safeString(error));
  const entry: ClientLogEntry = {
    url: window.location.href,
    time: timestamp(),
    type,
    message: err.message,
    stack: err.stack ?? '',
    info,
  };
  try {
    setStore(LOG_NAME, [entry, ...getErrorLog()].slice(0, MAX_ENTRIES));
  } catch {
    // storage full or unavailable: the upload below still gets the entry
  }
  pending.push(entry);
  flushTimer ??= setTimeout(flush, 1000);
}

function flush(): void {
  flushTimer = undefined;
  const batch = pending;
  pending = [];
  if (!batch.length || !getToken()) return;
  sendLogs(batch).catch(() => undefined);
}

function safeString(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Window-level capture: script errors and unhandled promise rejections. */
export function installErrorCapture(): void {
  window.addEventListener('error', (event) => {
    if (event.message?.startsWith('ResizeObserver loop')) return;
    recordError('error', event.error ?? event.message, `${event.filename ?? ''}:${event.lineno ?? ''}:${event.colno ?? ''}`);
  });
  window.addEventListener('unhandledrejection', (event) => recordError('unhandledrejection', event.reason));
}
