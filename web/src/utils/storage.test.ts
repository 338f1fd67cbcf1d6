import { describe, expect, it, vi } from 'vitest';
import { clearAppStorage, clearCache, clearStore, getStore, getStoreEntry, removeStore, setStore } from './storage';

describe('browser storage wrapper (wire contract §6)', () => {
  it('writes { dataType, content, type, datetime } under <appKey>-<name> in localStorage by default', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    setStore('token', 'abc');
    expect(JSON.parse(window.localStorage.getItem('saber-token')!)).toEqual({
      dataType: 'string',
      content: 'abc',
      type: 'local',
      datetime: 1_700_000_000_000,
    });
    expect(window.sessionStorage.getItem('saber-token')).toBeNull();
  });

  it('uses sessionStorage when type is session and keeps the content type', () => {
    setStore('isLock', true, 'session');
    setStore('tagList', [{ value: '/a' }], 'session');
    const raw = JSON.parse(window.sessionStorage.getItem('saber-isLock')!);
    expect(raw).toMatchObject({ dataType: 'boolean', content: true, type: 'session' });
    expect(getStore<boolean>('isLock')).toBe(true);
    expect(getStore('tagList')).toEqual([{ value: '/a' }]);
    expect(getStoreEntry('tagList')?.dataType).toBe('object');
    expect(window.localStorage.getItem('saber-isLock')).toBeNull();
  });

  it('reads sessionStorage before localStorage and ignores foreign or broken entries', () => {
    setStore('x', 'local');
    setStore('x', 'session', 'session');
    expect(getStore('x')).toBe('session');
    window.localStorage.setItem('saber-broken', '{not json');
    window.localStorage.setItem('saber-plain', '"just a string"');
    expect(getStore('broken')).toBeUndefined();
    expect(getStore('plain')).toBeUndefined();
  });

  it('removes from one or both areas', () => {
    setStore('x', 1);
    setStore('x', 2, 'session');
    removeStore('x', 'session');
    expect(getStore('x')).toBe(1);
    removeStore('x');
    expect(getStore('x')).toBeUndefined();
  });

  it('clears a whole area', () => {
    window.localStorage.setItem('other', '1');
    setStore('x', 1);
    clearStore('local');
    expect(window.localStorage.length).toBe(0);
  });

  it('clear cache removes keys starting with the client id from both storages and cookies, nothing else', () => {
    setStore('token', 't');
    setStore('welcome', true, 'session');
    window.localStorage.setItem('unrelated', 'keep');
    window.sessionStorage.setItem('other-app-token', 'keep');
    document.cookie = 'saber-access-token=abc; path=/';
    document.cookie = 'theme=dark; path=/';

    clearCache('saber');

    expect(window.localStorage.getItem('saber-token')).toBeNull();
    expect(window.sessionStorage.getItem('saber-welcome')).toBeNull();
    expect(window.localStorage.getItem('unrelated')).toBe('keep');
    expect(window.sessionStorage.getItem('other-app-token')).toBe('keep');
    expect(document.cookie).not.toContain('saber-access-token');
    expect(document.cookie).toContain('theme=dark');
  });

  it('the logout clear removes every entry of the app from both storages, and its cookies', () => {
    setStore('token', 't');
    setStore('entryCode', 'jiangsu');
    setStore('welcome', true, 'session');
    setStore('tagList', [{ value: '/a' }], 'session');
    window.localStorage.setItem('saber', 'bare client id');
    window.localStorage.setItem('unrelated', 'keep');
    window.sessionStorage.setItem('other-app-token', 'keep');
    document.cookie = 'saber-access-token=abc; path=/';

    clearAppStorage();

    const keys = (area: Storage) => Array.from({ length: area.length }, (_, i) => area.key(i));
    expect(keys(window.localStorage)).toEqual(['unrelated']);
    expect(keys(window.sessionStorage)).toEqual(['other-app-token']);
    expect(document.cookie).not.toContain('saber-access-token');
  });
});
