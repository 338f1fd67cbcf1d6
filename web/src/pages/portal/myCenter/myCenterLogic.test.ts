import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MyProfileView } from '@gsl/contract';
import { PHONE_RULES, avatarProblem, clientOf, codeButtonText, loginQueryOf, profileUpdateOf, useCountdown, waitOf } from './myCenterLogic';

const ME: MyProfileView = {
  id: '9',
  account: 'nj_coc',
  realName: '方海涛',
  name: '海涛',
  sex: 1,
  sexName: '男',
  phone: '137****3148',
  phoneBound: true,
  email: 'nj_coc@example.com',
  avatar: '/api/blade-resource/attach/download?id=' + 'a'.repeat(32),
  deptId: '3',
  deptName: '南京市浙江商会',
  postNames: [],
  roleNames: '商会工作人员',
  version: 4,
  updateTime: '2026-01-02 08:00:00',
};

afterEach(() => vi.useRealTimers());

describe('avatar rule (§5)', () => {
  it('takes jpg and png up to 500 KB, and says why it refuses any other file', () => {
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: 500 * 1024 })).toBeNull();
    expect(avatarProblem({ name: 'ME.JPG', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(avatarProblem({ name: 'me.jpeg', type: '', size: 1000 })).toBeNull();
    expect(avatarProblem({ name: 'me.png', type: 'image/png', size: 500 * 1024 + 1 })).toBe('头像大小不能超过500KB');
    expect(avatarProblem({ name: 'me.gif', type: 'image/gif', size: 10 })).toBe('头像只能是 jpg 或 png 格式');
    expect(avatarProblem({ name: 'me.png', type: 'image/gif', size: 10 })).toBe('头像只能是 jpg 或 png 格式');
    expect(avatarProblem({ name: 'png', type: '', size: 10 })).toBe('头像只能是 jpg 或 png 格式');
  });
});

describe('phone rule (§5)', () => {
  const check = (value: unknown) =>
    PHONE_RULES[0].validator(null, value).then(
      () => null,
      (e: Error) => e.message,
    );
  it('gives the three messages in order', async () => {
    expect(await check('')).toBe('手机号码不能为空');
    expect(await check(undefined)).toBe('手机号码不能为空');
    expect(await check('1391234567')).toBe('手机号码长度不为11位');
    expect(await check('02583456789')).toBe('手机号码格式不正确');
    expect(await check('13912345678')).toBeNull();
  });
});

describe('what 保存 sends', () => {
  it('the version read and the fields, emptied ones as "" (cleared), the avatar only when it changed', () => {
    expect(profileUpdateOf({ realName: ' 方海涛 ', name: '', sex: 2, email: null, avatar: ME.avatar }, ME)).toEqual({
      version: 4,
      realName: '方海涛',
      name: '',
      email: '',
      sex: 2,
    });
    const link = '/api/blade-resource/attach/download?id=' + 'b'.repeat(32);
    expect(profileUpdateOf({ realName: '方海涛', avatar: link }, ME)).toMatchObject({ avatar: link, sex: null });
    expect(profileUpdateOf({ realName: '方海涛', avatar: null }, ME)).toMatchObject({ avatar: '' });
  });
});

describe('获取验证码', () => {
  it('counts the 60 seconds down on the button', () => {
    vi.useFakeTimers();
    const { result } = renderHook(() => useCountdown());
    expect(codeButtonText(result.current.left)).toBe('获取验证码');
    act(() => result.current.start(60));
    expect(codeButtonText(result.current.left)).toBe('60秒后重新获取');
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current.left).toBe(59);
    act(() => vi.advanceTimersByTime(59_000));
    expect(codeButtonText(result.current.left)).toBe('获取验证码');
  });

  it('reads the wait from a refusal', () => {
    expect(waitOf('验证码发送过于频繁,请42秒后再试')).toBe(42);
    expect(waitOf('验证码不正确')).toBeNull();
  });
});

describe('登录信息', () => {
  it('names the client a person recognises', () => {
    expect(clientOf('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36')).toBe(
      'Chrome 120 · Windows',
    );
    expect(clientOf('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15')).toBe(
      'Safari 17 · macOS',
    );
    expect(clientOf('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0.2210.91')).toBe(
      'Edge 120 · Windows',
    );
    expect(clientOf(null)).toBe('-');
    expect(clientOf('curl/8.5.0')).toBe('curl/8.5.0');
  });

  it('filters by result only when one is chosen', () => {
    expect(loginQueryOf('all', { current: 1, size: 10 })).toEqual({ current: 1, size: 10 });
    expect(loginQueryOf('0', { current: 2, size: 10 })).toEqual({ current: 2, size: 10, success: '0' });
  });
});
