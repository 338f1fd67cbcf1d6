import { LogScreen } from './LogScreen';

/** 接口日志 at /monitor/log/api (menu code log_api). */
export default function ApiLogPage() {
  return <LogScreen kind="api" />;
}
