import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ruleProblem as check } from '../../../../test/rules';
import { CLIENT_MSG } from '@gsl/contract';
import { AntdProviders } from '../../../app/AntdProviders';
import type { ClientView } from '../../../api/system/client';
import { clientBody, clientFormValues, refreshNotShorter, requiredThen, splitList } from './clientLogic';
import { SecretModal } from './SecretModal';

vi.mock('../../../api/feedback', () => ({ toast: { error: vi.fn(), warning: vi.fn(), success: vi.fn(), info: vi.fn() }, setMessageInstance: vi.fn() }));
vi.mock('../../../components/copyText', () => ({ copyText: vi.fn(async () => true) }));
const { toast } = await import('../../../api/feedback');
const { copyText } = await import('../../../components/copyText');

const ROW: ClientView = {
  id: '7',
  clientId: 'portal',
  clientSecret: null,
  scope: 'all',
  authorizedGrantTypes: 'password, sso_refresh_token',
  webServerRedirectUri: null,
  resourceIds: null,
  authorities: null,
  additionalInformation: null,
  autoapprove: null,
  accessTokenValidity: 3600,
  refreshTokenValidity: 7200,
  status: 1,
  version: 3,
  createTime: null,
  updateTime: null,
};

describe('client form', () => {
  it('splits and joins the grant types', () => {
    expect(splitList(' a, b,,c ')).toEqual(['a', 'b', 'c']);
    expect(splitList(null)).toEqual([]);
    expect(clientFormValues(ROW)).toMatchObject({
      clientId: 'portal',
      authorizedGrantTypes: ['password', 'sso_refresh_token'],
      webServerRedirectUri: undefined,
      status: 1,
    });
    expect(clientFormValues(ROW)).not.toHaveProperty('clientSecret');
  });

  it('builds the body: grants comma-separated, an empty secret left out, blank optional texts cleared, a blank scope defaulted', () => {
    expect(
      clientBody({
        clientId: ' app1 ',
        clientSecret: '',
        scope: ' ',
        authorizedGrantTypes: ['password', 'captcha'],
        webServerRedirectUri: '  ',
        resourceIds: undefined,
        accessTokenValidity: 60,
        refreshTokenValidity: 120,
        status: 0,
      }),
    ).toEqual({
      clientId: 'app1',
      authorizedGrantTypes: 'password,captcha',
      webServerRedirectUri: null,
      accessTokenValidity: 60,
      refreshTokenValidity: 120,
      status: 0,
    });
    expect(clientBody({ clientSecret: 'a-very-long-secret-123' })).toEqual({ clientSecret: 'a-very-long-secret-123' });
  });

  it('says 请输入… for a blank field and the contract’s message for a wrong one', async () => {
    const rule = requiredThen(CLIENT_MSG.idRequired, {
      safeParse: (v) => (String(v).length > 1 ? { success: true } : { success: false, error: { issues: [{ message: CLIENT_MSG.idFormat }] } }),
    });
    expect(await check(rule, '')).toBe(CLIENT_MSG.idRequired);
    expect(await check(rule, undefined)).toBe(CLIENT_MSG.idRequired);
    expect(await check(rule, 'a')).toBe(CLIENT_MSG.idFormat);
    expect(await check(rule, 'ab')).toBeNull();
    expect(await check(requiredThen(CLIENT_MSG.grantRequired), [])).toBe(CLIENT_MSG.grantRequired);
  });

  it('refuses a refresh lifetime shorter than the access one', async () => {
    expect(await check(refreshNotShorter, 60, { accessTokenValidity: 3600 })).toBe(CLIENT_MSG.refreshShorter);
    expect(await check(refreshNotShorter, 3600, { accessTokenValidity: 3600 })).toBeNull();
    expect(await check(refreshNotShorter, undefined, { accessTokenValidity: 3600 })).toBeNull();
  });
});

describe('the generated secret', { timeout: 20_000 }, () => {
  it('is shown once with a warning and a copy button; only 我已保存 closes it', async () => {
    const onClose = vi.fn();
    render(
      <AntdProviders>
        <SecretModal issued={{ clientId: 'app1', secret: 'S3cr3t-generated-value' }} onClose={onClose} />
      </AntdProviders>,
    );
    expect((await screen.findByTestId('client-secret-value')).textContent).toBe('S3cr3t-generated-value');
    expect(screen.getByText('密钥只显示这一次')).toBeTruthy();
    expect(screen.getByText(/关闭后将无法再次查看/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('client-secret-copy'));
    await waitFor(() => expect(copyText).toHaveBeenCalledWith('S3cr3t-generated-value'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('已复制到剪贴板'));
    fireEvent.keyDown(screen.getByTestId('client-secret-modal'), { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('client-secret-close'));
    expect(onClose).toHaveBeenCalled();
  });
});
