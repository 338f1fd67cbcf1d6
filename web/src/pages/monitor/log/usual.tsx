import { LogScreen } from './LogScreen';

/** 通用日志 at /monitor/log/usual (menu code log_usual). */
export default function UsualLogPage() {
  return <LogScreen kind="usual" />;
}
