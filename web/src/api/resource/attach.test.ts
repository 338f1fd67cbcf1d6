import { describe, expect, it, vi } from 'vitest';

vi.mock('../http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
const http = await import('../http');
const get = vi.mocked(http.get);
const { openAttach } = await import('./attach');
const { fileSizeText } = await import('../files');

describe('附件管理 helpers', () => {
  it('shows sizes in the unit people read', () => {
    expect(fileSizeText(14)).toBe('14 B');
    expect(fileSizeText(1536)).toBe('1.5 KB');
    expect(fileSizeText(20 * 1024 * 1024)).toBe('20 MB');
  });

  it('opens a file through a one-file download link, never a URL with the access token', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    get.mockResolvedValue({ link: '/api/blade-resource/attach/download?id=ab&Blade-Auth=bearer%20dl', expiresIn: 300 });
    await openAttach('ab');
    expect(get).toHaveBeenCalledWith('/api/blade-resource/attach/download-link', { id: 'ab' });
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.location.href).toBe('/api/blade-resource/attach/download?id=ab&Blade-Auth=bearer%20dl');
    expect(tab.opener).toBeNull();
  });

  it('closes the opened tab when the file is not readable', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    get.mockImplementation(() => Promise.reject(new Error('数据不存在或无权访问')));
    let caught: unknown;
    try {
      await openAttach('cd');
    } catch (err) {
      caught = err;
    }
    expect((caught as Error | undefined)?.message).toBe('数据不存在或无权访问');
    expect(tab.close).toHaveBeenCalled();
  });
});
