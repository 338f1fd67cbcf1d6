import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, type Call } from '../../../../../test/fakeServer';
import { mockedApi, renderScreen } from '../../../../../test/screens';
import { releaseOf } from './versionListLogic';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: VersionListPage } = await import('./index');

const release = (n: number) => ({
  id: String(n),
  versionNo: `1.${n}.0`,
  title: `第${n}次更新`,
  content: `新增功能${n}\n修复问题${n}`,
  updateType: (n % 3) + 1,
  updateTypeName: ['新功能', '优化', '修复'][n % 3],
  publishTime: `2026-0${(n % 9) + 1}-01 08:00:00`,
  version: 1,
});
const ALL = Array.from({ length: 12 }, (_, i) => release(12 - i));

describe('版本更新日志', () => {
  it('shows the releases newest first as a timeline, paged through the page call', async () => {
    const server = fakeServer({
      'POST /api/blade-system/versionupdatelog/page': (c: Call) => {
        const { current = 1, size = 10 } = (c.params ?? {}) as { current?: number; size?: number };
        return { records: ALL.slice((current - 1) * size, current * size), total: ALL.length, size, current, pages: Math.ceil(ALL.length / size) };
      },
    });
    renderScreen(<VersionListPage />);
    const first = await screen.findByTestId('versions-12');
    expect(within(first).getByRole('heading', { level: 2 }).textContent).toBe('v1.12.0第12次更新');
    expect(within(first).getByText('新增功能12')).toBeTruthy();
    expect(within(first).getByText('修复问题12')).toBeTruthy();
    expect(screen.queryByTestId('versions-2')).toBeNull();
    expect(server.last('POST', '/api/blade-system/versionupdatelog/page')?.params).toEqual({ current: 1, size: 10 });

    fireEvent.click(within(screen.getByTestId('versions-pages')).getByTitle('2'));
    expect(await screen.findByTestId('versions-2')).toBeTruthy();
    await waitFor(() => expect(server.last('POST', '/api/blade-system/versionupdatelog/page')?.params).toEqual({ current: 2, size: 10 }));
  });

  it('says when there is nothing yet', async () => {
    fakeServer({ 'POST /api/blade-system/versionupdatelog/page': () => ({ records: [], total: 0, size: 10, current: 1, pages: 0 }) });
    renderScreen(<VersionListPage />);
    expect((await screen.findByTestId('versions-empty')).textContent).toContain('暂无版本更新记录');
  });

  it('reads a release as the timeline shows it', () => {
    expect(releaseOf({ ...release(3), versionNo: 'v2.0.0', content: ' 第一行 \r\n\r\n第二行', publishTime: null })).toMatchObject({
      version: 'v2.0.0',
      day: '',
      lines: ['第一行', '第二行'],
    });
  });
});
