import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WxCheckView, WxStatusView } from '@gsl/contract';
import { fakeServer } from '../../../../../test/fakeServer';
import { mockedApi, renderScreen } from '../../../../../test/screens';
import { HttpError } from '../../../../api/http';
import { emit, resetLiveEvents } from '../../../../../test/liveEvents';

vi.mock('../../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../../api/http', async (importOriginal) => ({ ...(await importOriginal<object>()), get: vi.fn(), request: vi.fn() }));

vi.mock('../../../../utils/liveEvents', () => import('../../../../../test/liveEvents'));

const { toast } = await mockedApi();
vi.setConfig({ testTimeout: 60_000 });
const { default: BoundWeixinPage } = await import('./index');

const WX = '/api/blade-user/user-wx';
const URL_OF_WECHAT =
  'https://open.weixin.qq.com/connect/qrconnect?appid=wx0123456789abcdef&redirect_uri=x&response_type=code&scope=snsapi_login&state=s1#wechat_redirect';
const UNBOUND: WxStatusView = { configured: true, bound: false, nickname: null, openid: null, bindTime: null };
const BOUND: WxStatusView = { configured: true, bound: true, nickname: '爱丽丝', openid: 'oAli****cdef', bindTime: '2026-03-02 09:30:00' };

/** A server whose state the test moves on: the binding and the attempt's progress. */
function serve(start: { status: WxStatusView; check?: Partial<WxCheckView> }) {
  const state = {
    status: start.status,
    check: {
      id: '7',
      status: 'waiting',
      statusName: '等待扫码',
      message: null,
      nickname: null,
      expireTime: '2026-03-02 09:35:00',
      ...start.check,
    } as WxCheckView,
  };
  const server = fakeServer({
    [`GET ${WX}/status`]: () => state.status,
    [`GET ${WX}/qr-code`]: () => ({ id: '7', url: URL_OF_WECHAT, expireTime: '2026-03-02 09:35:00' }),
    [`GET ${WX}/check/7`]: () => state.check,
    [`GET ${WX}/unbind`]: () => {
      state.status = UNBOUND;
      return { msg: '解除绑定成功', data: null };
    },
  });
  return { server, state };
}

beforeEach(() => {
  resetLiveEvents();
  vi.mocked(toast.success).mockReset();
});

describe('绑定微信', () => {
  it('says 微信登录未配置 when the server has no WeChat, and offers no binding', async () => {
    serve({ status: { ...UNBOUND, configured: false } });
    renderScreen(<BoundWeixinPage />);
    const notice = await screen.findByTestId('wx-not-configured');
    expect(notice.textContent).toContain('微信登录未配置');
    expect(screen.queryByTestId('wx-start')).toBeNull();
    expect(screen.getByRole('heading', { name: '绑定微信' })).toBeTruthy();
  });

  it('binds: the QR code and the link to WeChat’s page, 等待扫码, then 已绑定 when the live event says so', async () => {
    const { server, state } = serve({ status: UNBOUND });
    renderScreen(<BoundWeixinPage />);
    expect((await screen.findByTestId('wx-unbound')).textContent).toContain('您尚未绑定微信');
    fireEvent.click(screen.getByRole('button', { name: /绑定微信/ }));

    const link = await screen.findByRole('link', { name: /打开微信扫码页面/ });
    expect(link.getAttribute('href')).toBe(URL_OF_WECHAT);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('img', { name: '微信扫码页面的二维码' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('wx-attempt-status').textContent).toContain('等待扫码'));
    expect(screen.getByText(/有效期至 2026-03-02 09:35:00/)).toBeTruthy();

    // The scan binds on the server; the event brings the page to ask again.
    state.check = { ...state.check, status: 'bound', statusName: '已绑定', nickname: '爱丽丝' };
    state.status = BOUND;
    emit('wx.bound', { id: '8', status: 'bound' }); // another attempt: not this one
    emit('wx.bound', { id: '7', status: 'bound' });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('绑定成功'));
    expect((await screen.findByTestId('wx-nickname')).textContent).toBe('爱丽丝');
    expect(screen.getByText('oAli****cdef')).toBeTruthy();
    expect(screen.getByText('2026-03-02 09:30:00')).toBeTruthy();
    expect(server.calls.filter((c) => c.url === `${WX}/qr-code`)).toHaveLength(1);
  });

  it('shows why an attempt failed, and gets a fresh QR code on 重新获取二维码', async () => {
    const { server } = serve({ status: UNBOUND, check: { status: 'failed', statusName: '绑定失败', message: '该微信已绑定其他账号,请先在原账号中解除绑定' } });
    renderScreen(<BoundWeixinPage />);
    fireEvent.click(await screen.findByTestId('wx-start'));
    await waitFor(() => expect(screen.getByTestId('wx-attempt-status').textContent).toContain('该微信已绑定其他账号'));
    expect(screen.getByTestId('wx-attempt-status').textContent).toContain('绑定失败');
    fireEvent.click(screen.getByRole('button', { name: '重新获取二维码' }));
    await waitFor(() => expect(server.calls.filter((c) => c.url === `${WX}/qr-code`)).toHaveLength(2));
    fireEvent.click(screen.getByTestId('wx-cancel'));
    expect(await screen.findByTestId('wx-unbound')).toBeTruthy();
  });

  it('an expired QR code says 已过期', async () => {
    serve({ status: UNBOUND, check: { status: 'expired', statusName: '已过期' } });
    renderScreen(<BoundWeixinPage />);
    fireEvent.click(await screen.findByTestId('wx-start'));
    await waitFor(() => expect(screen.getByTestId('wx-attempt-status').textContent).toContain('二维码已过期'));
  });

  it('a refused start is told by the transport and leaves the page as it was', async () => {
    vi.mocked((await import('../../../../api/http')).get).mockImplementation((async (url: string) => {
      if (url === `${WX}/qr-code`) throw new HttpError('当前账号已绑定微信,如需更换请先解除绑定', 400, undefined, true);
      return UNBOUND;
    }) as never);
    renderScreen(<BoundWeixinPage />);
    fireEvent.click(await screen.findByTestId('wx-start'));
    await waitFor(() => expect(screen.getByTestId('wx-start').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByTestId('wx-attempt')).toBeNull();
    expect(screen.getByTestId('wx-unbound')).toBeTruthy();
  });

  it('unbinds after a confirmation, and shows the unbound state', async () => {
    const { server } = serve({ status: BOUND });
    renderScreen(<BoundWeixinPage />);
    fireEvent.click(await screen.findByRole('button', { name: '解除绑定' }));
    expect(await screen.findByText('确定解除微信绑定?解除后将不能再用该微信扫码登录。')).toBeTruthy();
    expect(server.last('GET', `${WX}/unbind`)).toBeUndefined(); // nothing before the confirmation
    fireEvent.click(await screen.findByTestId('wx-unbind-confirm'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('解除绑定成功'));
    expect(await screen.findByTestId('wx-unbound')).toBeTruthy();
  });

  it('a failed load says so and can be retried', async () => {
    vi.mocked((await import('../../../../api/http')).get).mockRejectedValue(new HttpError('系统错误', 500, undefined, true));
    renderScreen(<BoundWeixinPage />);
    expect((await screen.findByTestId('wx-error')).textContent).toContain('微信绑定情况加载失败');
    expect(screen.getByRole('button', { name: /重新加载/ })).toBeTruthy();
  });
});
