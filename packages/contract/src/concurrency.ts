/**
 * The concurrency rule (issue 3 §5): every updatable record carries `version`. An update names the
 * version it was read at; the write succeeds only if the row still has it, and bumps it. A stale
 * write is refused with this message, so no update is ever lost silently.
 */
export const STALE_VERSION_MSG = '数据已被他人修改,请刷新后重试';
export const VERSION_REQUIRED_MSG = '请提供数据版本号(version)';
