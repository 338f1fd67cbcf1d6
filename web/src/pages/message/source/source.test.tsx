import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MSG } from '@gsl/contract';
import { fakeServer, type Call } from '../../../../test/fakeServer';
import { treeNode } from '../../../../test/fixtures';
import { mockedApi, renderScreen } from '../../../../test/screens';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));
const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: SmsSourcePage } = await import('./index');

const MC = '/api/msg-center';
const sourceOf = (deptId: string, over: Record<string, unknown> = {}) => ({
  deptId,
  unionId: null,
  deptName: deptId === '1201' ? '南京市工商联' : '玄武区工商联',
  signName: '南京工商联',
  dailyQuota: 1000,
  usedToday: 250,
  remainingToday: 750,
  quietStart: '21:00',
  quietEnd: '08:00',
  configured: true,
  ...over,
});

function serve() {
  return fakeServer({
    'GET /api/blade-system/dept/dept-tree': () => [treeNode('1201', '南京市工商联', [treeNode('1301', '玄武区工商联')])],
    [`GET ${MC}/sms-center/source/detail`]: (c: Call) => sourceOf(String(c.params?.deptId ?? '1201')),
    [`POST ${MC}/sms-center/source/submit`]: (c: Call) => ({ msg: '更新成功', data: { ...sourceOf('1201'), ...(c.body as object) } }),
  });
}

beforeEach(() => vi.mocked(toast.success).mockReset());

describe('短信签名与额度', () => {
  it('shows the own org’s signature, quota and today’s use, and saves the changed settings', async () => {
    const server = serve();
    renderScreen(<SmsSourcePage />, ['sms_source', 'sms_source_edit']);
    const usage = await screen.findByTestId('sms-source-usage');
    expect(usage.textContent).toContain('【南京工商联】');
    expect(usage.textContent).toContain('250 条,剩余 750 条');
    expect(within(usage).getByLabelText('今日短信用量:250/1000 条')).toBeTruthy();

    const quota = screen.getByLabelText('每日额度');
    fireEvent.change(quota, { target: { value: '500' } });
    fireEvent.change(screen.getByLabelText('免打扰开始时间'), { target: { value: '22:00' } });
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    await waitFor(() => expect(server.last('POST', `${MC}/sms-center/source/submit`)).toBeTruthy());
    expect(server.last('POST', `${MC}/sms-center/source/submit`)?.body).toEqual({
      deptId: '1201',
      signName: '南京工商联',
      dailyQuota: 500,
      quietStart: '22:00',
      quietEnd: '08:00',
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('更新成功'));
  });

  it('refuses a bad time with the server’s message, and only shows the settings without sms_source_edit', async () => {
    const server = serve();
    const { unmount } = renderScreen(<SmsSourcePage />, ['sms_source', 'sms_source_edit']);
    fireEvent.change(await screen.findByLabelText('免打扰结束时间'), { target: { value: '8点' } });
    fireEvent.click(screen.getByRole('button', { name: /保存/ }));
    expect(await screen.findByText(MESSAGE_MSG.quietFormat)).toBeTruthy();
    expect(server.last('POST', `${MC}/sms-center/source/submit`)).toBeUndefined();
    unmount();

    renderScreen(<SmsSourcePage />, ['sms_source']);
    await screen.findByTestId('sms-source-usage');
    expect(screen.queryByRole('button', { name: /保存/ })).toBeNull();
    expect((screen.getByLabelText('每日额度') as HTMLInputElement).disabled).toBe(true);
  });
});
