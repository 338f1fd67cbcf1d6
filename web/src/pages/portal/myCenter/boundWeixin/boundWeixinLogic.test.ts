import { describe, expect, it } from 'vitest';
import { attemptNotice, isAboutAttempt, keepChecking } from './boundWeixinLogic';

describe('绑定微信: an attempt as the page shows it', () => {
  it('says 等待扫码 until the server says otherwise, with how to scan', () => {
    expect(attemptNotice(undefined)).toMatchObject({ type: 'info', title: '等待扫码' });
    expect(attemptNotice({ status: 'waiting', message: null, nickname: null }).text).toContain('扫码');
  });

  it('names the WeChat account once bound, and gives the reason of a failure as the server said it', () => {
    expect(attemptNotice({ status: 'bound', message: null, nickname: '爱丽丝' })).toEqual({
      type: 'success',
      title: '已绑定',
      text: '已绑定微信账号“爱丽丝”。',
    });
    expect(attemptNotice({ status: 'failed', message: '该微信已绑定其他账号,请先在原账号中解除绑定', nickname: null })).toMatchObject({
      type: 'error',
      title: '绑定失败',
      text: '该微信已绑定其他账号,请先在原账号中解除绑定',
    });
    expect(attemptNotice({ status: 'expired', message: null, nickname: null })).toMatchObject({ type: 'warning', title: '已过期' });
  });

  it('keeps asking only while the attempt waits', () => {
    expect(keepChecking(undefined)).toBe(true);
    expect(keepChecking({ status: 'waiting' })).toBe(true);
    for (const status of ['bound', 'expired', 'failed'] as const) expect(keepChecking({ status })).toBe(false);
  });

  it('reads a wx.bound event as news of this attempt only', () => {
    expect(isAboutAttempt({ id: '12', status: 'bound' }, '12')).toBe(true);
    expect(isAboutAttempt({ id: '13', status: 'bound' }, '12')).toBe(false);
    expect(isAboutAttempt({ id: '12' }, undefined)).toBe(false);
    expect(isAboutAttempt(null, '12')).toBe(false);
  });
});
