import { beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeJurisdiction, readModelQuery } from './modelQuery';
import { enterWithCode, takeEntryCode } from './modelEntry';
import { getSessionSnapshot } from '../utils/sessionStore';

const loginByCode = vi.hoisted(() => vi.fn());
vi.mock('../api/auth', () => ({ loginByCode }));

const b64 = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s)));

describe('the entry code of a /model/#/ page', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    loginByCode.mockReset();
  });

  it('is taken out of the address before anything runs, the other parameters kept', () => {
    window.history.replaceState(null, '', '/model/?x=1#/ai-resume-company?unionId=7&token=abc&noEdit=1');
    expect(takeEntryCode()).toBe('abc');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/model/?x=1#/ai-resume-company?unionId=7&noEdit=1');
    expect(takeEntryCode()).toBeUndefined();
    window.history.replaceState(null, '', '/model/#/newPortal/cocCircle?token=');
    expect(takeEntryCode()).toBeUndefined();
    expect(window.location.hash).toBe('#/newPortal/cocCircle');
  });

  it('is exchanged for the session the page then uses; a refused code leaves no session and says so', async () => {
    window.history.replaceState(null, '', '/model/#/newPortal/cocCircle?token=good');
    loginByCode.mockResolvedValue({
      access_token: 'at',
      refresh_token: 'rt',
      token_type: 'bearer',
      expires_in: 3600,
      tenant_id: '000001',
      user_id: '5',
      account: 'nj_coc',
    });
    expect(await enterWithCode()).toBe('signed');
    expect(loginByCode).toHaveBeenCalledWith('good', undefined, { quiet: true });
    expect(getSessionSnapshot().token).toBe('at');
    expect(getSessionSnapshot().user?.account).toBe('nj_coc');

    localStorage.clear();
    window.history.replaceState(null, '', '/model/#/newPortal/cocCircle?token=spent');
    loginByCode.mockRejectedValue(new Error('授权码无效或已过期'));
    expect(await enterWithCode()).toBe('refused');
    expect(window.location.hash).toBe('#/newPortal/cocCircle');
    expect(await enterWithCode()).toBe('none');
  });
});

describe('the page’s query parameters', () => {
  it('decodes jurisdiction (base64 of a JSON object, URL-safe too) and takes its dept as the page’s org when none is given', () => {
    const j = b64(JSON.stringify({ deptId: '1123598813738675201', name: '南京市工商联' }));
    const q = readModelQuery(`?unionId=12&jurisdiction=${encodeURIComponent(j)}&noEdit=1&isPublish=0&watermark=true`);
    expect(q.jurisdiction).toEqual({ deptId: '1123598813738675201', name: '南京市工商联' });
    expect(q.deptId).toBe('1123598813738675201');
    expect(q.unionId).toBe('12');
    expect(q.noEdit).toBe(true);
    expect(q.isPublish).toBe(false);
    expect(q.watermark).toBe(true);
    expect(q.jurisdictionInvalid).toBe(false);
    expect(readModelQuery(`?deptId=3&jurisdiction=${j.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}`).deptId).toBe('3');
  });

  it('refuses what is not base64 JSON, or names a dept that is not an id, and ignores ids that are not ids', () => {
    for (const bad of ['%%%', b64('not json'), b64('[1,2]'), b64(JSON.stringify({ deptId: '1 or 1=1' }))]) {
      const q = readModelQuery(`?jurisdiction=${encodeURIComponent(bad)}`);
      expect(q.jurisdiction).toBeUndefined();
      expect(q.jurisdictionInvalid).toBe(true);
      expect(q.deptId).toBeUndefined();
    }
    expect(decodeJurisdiction('')).toBeUndefined();
    expect(readModelQuery('?unionId=abc&cocId=9').unionId).toBeUndefined();
    expect(readModelQuery('?cocId=9').deptId).toBe('9');
  });
});
