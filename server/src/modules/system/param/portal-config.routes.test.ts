import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../test/app.js';
import { useTestApp } from '../../../../test/use-test-app.js';

let t: TestApp;
const tokens = useTestApp(['admin', 'nj_coc'], (app) => (t = app));

describe('portal settings from parameters', () => {
  it('pageconfig maps every portal.* parameter and nothing else', async () => {
    const res = await t.call({ url: '/api/blade-system/param/pageconfig', token: tokens.nj_coc });
    expect(res.body.data).toMatchObject({ 'portal.banner.interval': '5000', 'portal.entry.default': 'jiangsu' });
    expect(Object.keys(res.body.data).every((k) => k.startsWith('portal.'))).toBe(true);
  });

  it('customer/detail is null until an administrator sets it, then shows it to everyone', async () => {
    expect((await t.call({ url: '/api/blade-system/customer/detail', token: tokens.nj_coc })).body.data).toEqual({
      name: null,
      phone: null,
      email: null,
      serviceTime: null,
      address: null,
    });
    await t.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      token: tokens.admin,
      body: { paramName: '客服电话', paramKey: 'portal.customer.phone', paramValue: '025-12345678' },
    });
    expect((await t.call({ url: '/api/blade-system/customer/detail', token: tokens.nj_coc })).body.data.phone).toBe('025-12345678');
  });
});
