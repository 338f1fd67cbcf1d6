import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
const { toast } = await import('../feedback');
const { configureHttp } = await import('../http');
const { fileNameOf } = await import('../files');
const { exportUsers } = await import('./user');
const expireSession = vi.fn();
configureHttp({ onUnauthorized: expireSession });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('user file calls', () => {
  it('reads the file name the server gives (UTF-8 first)', () => {
    expect(fileNameOf(`attachment; filename="users.xlsx"; filename*=UTF-8''${encodeURIComponent('用户数据_20260101.xlsx')}`, 'x.xlsx')).toBe(
      '用户数据_20260101.xlsx',
    );
    expect(fileNameOf('attachment; filename="users.xlsx"', 'x.xlsx')).toBe('users.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });

  it('exports under the given filters, reporting the bytes as they arrive', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(new Uint8Array([1, 2, 3, 4, 5]), {
          status: 200,
          headers: { 'content-type': XLSX, 'content-disposition': "attachment; filename*=UTF-8''a.xlsx" },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const progress = vi.fn();
    const { blob, name } = await exportUsers({ deptId: '2', account: 'a1', realName: '' }, progress);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/blade-user/export-user?deptId=2&account=a1');
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Basic /);
    expect(blob.size).toBe(5);
    expect(name).toBe('a.xlsx');
    expect(progress).toHaveBeenLastCalledWith({ loaded: 5, total: undefined });
  });

  it('tells the server’s message when the export is refused (JSON instead of a file)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ code: 400, success: false, data: null, msg: '导出数据超过50000条' }), {
            status: 400,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await expect(exportUsers({})).rejects.toMatchObject({ message: '导出数据超过50000条', handled: true });
    expect(toast.error).toHaveBeenCalledWith('导出数据超过50000条');
  });

  it('signs on again on 401, as every call does (the logout shows 无权限访问 in place of the app)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 401, success: false, data: null, msg: '请求未授权' }), { status: 401 })),
    );
    await expect(exportUsers({})).rejects.toMatchObject({ code: 401, message: '无权限访问' });
    expect(expireSession).toHaveBeenCalledWith({ silent: false });
  });
});
