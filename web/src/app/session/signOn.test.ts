import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStore, setStore } from '../../utils/storage';

const fake = vi.hoisted(() => ({ assign: vi.fn(), replace: vi.fn(), open: vi.fn() }));
vi.mock('../../utils/browser', () => ({ browser: fake }));
vi.mock('../../api/auth', () => ({ logout: vi.fn() }));

type NavType = 'navigate' | 'reload' | 'back_forward';

/**
 * A page load of the app: fresh modules (leaving and counting are once per document) over the
 * tab's sessionStorage, with the navigation timing the browser would report for it.
 */
async function openPage(url: string, type: NavType = 'navigate') {
  vi.resetModules();
  vi.spyOn(performance, 'getEntriesByType').mockImplementation((kind: string) =>
    kind === 'navigation' ? ([{ type, name: new URL(url, 'http://localhost').href }] as unknown as PerformanceEntryList) : [],
  );
  const signOn = await import('./signOn');
  const login = await import('./login');
  return { ...signOn, afterLoginPath: login.afterLoginPath };
}

const wentToSignOn = () => fake.assign.mock.calls.filter(([url]) => String(url).startsWith('/sso/login?')).length;
const stoppedAt500 = () => fake.replace.mock.calls.some(([url]) => String(url).endsWith('/gsl/500?reason=signon'));

beforeEach(() => {
  fake.assign.mockReset();
  fake.replace.mockReset();
});
afterEach(() => vi.useRealTimers());

describe('sign-on loop guard (README deviation 14)', () => {
  it('five visits in a minute never trip it: opening, reopening and going back are not failed returns', async () => {
    const visits: Array<[string, NavType]> = [
      ['/gsl/', 'navigate'],
      ['/gsl/system/param', 'navigate'],
      ['/gsl/portal/myDay', 'back_forward'],
      ['/gsl/login', 'back_forward'],
      ['/gsl/login', 'reload'],
    ];
    for (const [url, type] of visits) {
      const page = await openPage(url, type);
      if (url.endsWith('/login')) page.signOnFailed(); // /login without a code, as LoginPage does
      page.goToSignOn(url.endsWith('/login') ? undefined : url.replace('/gsl', ''));
    }
    expect(wentToSignOn()).toBe(5);
    expect(stoppedAt500()).toBe(false);
  });

  it('counts returns from the portal without a code or with a refused code, and stops the third at /500', async () => {
    let page = await openPage('/gsl/');
    page.goToSignOn('/');
    for (let trip = 1; trip <= 2; trip++) {
      page = await openPage('/gsl/login?code=refused');
      page.signOnFailed();
      page.signOnFailed(); // the effect running twice counts once
      page.goToSignOn();
    }
    expect(getStore<number[]>('signOnFailures')).toHaveLength(2);
    expect(stoppedAt500()).toBe(false);

    page = await openPage('/gsl/login'); // back without any code
    page.signOnFailed();
    page.goToSignOn();
    expect(wentToSignOn()).toBe(3);
    expect(stoppedAt500()).toBe(true);
  });

  it('a /login page this tab did not leave for (no trip) counts nothing', async () => {
    const page = await openPage('/gsl/login?code=stale-bookmark');
    page.signOnFailed();
    expect(getStore('signOnFailures')).toBeUndefined();
  });

  it('failed returns older than a minute are forgotten, and a login forgets them all', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T08:00:00Z'));
    for (let trip = 0; trip < 2; trip++) {
      const page = await openPage('/gsl/login');
      setStore('signOnTrip', Date.now(), 'session');
      page.signOnFailed();
    }
    vi.setSystemTime(new Date('2026-01-01T08:01:01Z'));
    let page = await openPage('/gsl/login');
    setStore('signOnTrip', Date.now(), 'session');
    page.signOnFailed();
    page.goToSignOn();
    expect(stoppedAt500()).toBe(false);
    expect(getStore<number[]>('signOnFailures')).toHaveLength(1);

    page = await openPage('/gsl/login?code=good');
    page.resetLoopGuard();
    expect(getStore('signOnFailures')).toBeUndefined();
    expect(getStore('signOnTrip')).toBeUndefined();
  });
});

describe('the page asked for before signing on (README deviation 32)', () => {
  it('is remembered with its query, and the login lands there once, then on the usual pages', async () => {
    let page = await openPage('/gsl/system/param?paramKey=a');
    page.goToSignOn('/system/param?paramKey=a');
    expect(fake.assign).toHaveBeenCalledTimes(1);
    expect(getStore('signOnReturn')).toBe('/system/param?paramKey=a');
    expect(window.sessionStorage.getItem('saber-signOnReturn')).not.toBeNull(); // this tab only

    page = await openPage('/gsl/login?code=c1');
    expect(page.afterLoginPath()).toBe('/system/param?paramKey=a');
    expect(page.afterLoginPath()).toBe('/welcome'); // read once
    setStore('welcome', true, 'session');
    expect(page.afterLoginPath()).toBe('/');
  });

  it('asking for the home or a public page forgets an earlier page; a bare trip keeps it', async () => {
    let page = await openPage('/gsl/system/dict');
    page.goToSignOn('/system/dict');
    page = await openPage('/gsl/login');
    page.goToSignOn(); // /login without a code: no page of its own
    expect(getStore('signOnReturn')).toBe('/system/dict');
    page = await openPage('/gsl/');
    page.goToSignOn('/portal/myDay');
    expect(getStore('signOnReturn')).toBeUndefined();
  });

  it('only in-app absolute paths are taken', async () => {
    const page = await openPage('/gsl/');
    for (const bad of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'system/param', '/login?code=1', '/lock', '/404']) {
      page.rememberReturnPath(bad);
      expect(page.takeReturnPath()).toBeUndefined();
    }
    setStore('signOnReturn', '//evil.example', 'session'); // written by hand
    expect(page.takeReturnPath()).toBeUndefined();
  });

  it('a lost refresh token signs on again and comes back to the page', async () => {
    window.history.replaceState(null, '', '/gsl/portal/myOrg?tab=2');
    setStore('token', 't');
    const page = await openPage('/gsl/portal/myOrg?tab=2');
    page.signOnAgain();
    expect(getStore('token')).toBeUndefined();
    expect(getStore('signOnReturn')).toBe('/portal/myOrg?tab=2');
    expect(wentToSignOn()).toBe(1);
    window.history.replaceState(null, '', '/');
  });
});
