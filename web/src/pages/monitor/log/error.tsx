import { LogScreen } from './LogScreen';

/** 错误日志 at /monitor/log/error (menu code log_error). */
export default function ErrorLogPage() {
  return <LogScreen kind="error" />;
}
