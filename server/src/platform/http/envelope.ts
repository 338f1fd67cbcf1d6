import { MSG, type Envelope, type PageResult } from '@gsl/contract';

/** A handler's answer with its own message (新增成功 …); plain values get 操作成功. */
export class Reply<T> {
  constructor(
    public readonly data: T,
    public readonly msg: string,
  ) {}
}
export const withMsg = <T>(data: T, msg: string) => new Reply(data, msg);

export function envelope<T>(code: number, data: T, msg: string): Envelope<T> {
  return { code, success: code === 200, data, msg };
}

export function success<T>(value: T | Reply<T>): Envelope<T | null> {
  if (value instanceof Reply) return envelope(200, value.data ?? null, value.msg);
  return envelope(200, value ?? null, MSG.ok);
}

export function pageResult<T>(records: T[], total: number, current: number, size: number): PageResult<T> {
  return { records, total, size, current, pages: size > 0 ? Math.ceil(total / size) : 0 };
}
