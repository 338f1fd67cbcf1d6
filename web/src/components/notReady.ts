import { toast } from '../api/feedback';

/** The unfinished-link warning of specification §8. */
export const NOT_READY_TEXT = '功能测试中,敬请期待';

export function notReady(): void {
  toast.warning(NOT_READY_TEXT);
}
