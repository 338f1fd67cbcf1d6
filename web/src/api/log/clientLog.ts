import { post } from '../http';

/** One uncaught UI error (specification §3 "Error log entry"). */
export interface ClientLogEntry {
  url: string;
  time: string;
  type: string;
  message: string;
  stack: string;
  info: string;
}

/** sendLogs: best-effort upload; quiet, so a failing upload never toasts or logs the user out. */
export const sendLogs = (logs: ClientLogEntry[]) => post<unknown>('/api/msg-center/log/client', { logs }, { quiet: true });
