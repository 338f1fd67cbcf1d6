import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { config } from '../../config';
import { browser } from '../../utils/browser';
import { needsEntryCode, openInNewTab, withEntryCode } from './links';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../api/auth', () => ({ modelCode: post }));

const HERE = window.location.origin;
const MODEL = 'https://ai.example.org';

describe('links to the second front end (the `token` entry code)', () => {
  beforeEach(() => {
    config.modelOrigin = MODEL;
    post.mockReset();
  });
  afterEach(() => {
    config.modelOrigin = '';
    vi.restoreAllMocks();
  });

  it('asks for a code only for /model/ pages on the configured other origin', () => {
    expect(needsEntryCode(`${MODEL}/model/#/ai-resume-company?unionId=1`)).toBe(true);
    expect(needsEntryCode(`${MODEL}/other/`)).toBe(false);
    expect(needsEntryCode('https://evil.example/model/#/x')).toBe(false); // never hands a code to a foreign site
    expect(needsEntryCode(`${HERE}/model/#/x`)).toBe(false);
    config.modelOrigin = '';
    expect(needsEntryCode('/model/#/ai-resume-company')).toBe(false); // same origin: the session is shared
  });

  it('puts the code in the hash route’s query, keeping the other parameters', () => {
    expect(withEntryCode(`${MODEL}/model/#/ai-resume-company?unionId=7`, 'c0de')).toBe(`${MODEL}/model/#/ai-resume-company?unionId=7&token=c0de`);
    expect(withEntryCode(`${MODEL}/model/#/newPortal/cocCircle`, 'c0de')).toBe(`${MODEL}/model/#/newPortal/cocCircle?token=c0de`);
  });

  it('opens the tab inside the click, cut off from this window, then sends it to the address with the code', async () => {
    const tab = { opener: {} as unknown, location: { replace: vi.fn() } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    post.mockResolvedValue({ code: 'one-time', expiresIn: 300 });
    openInNewTab(`${MODEL}/model/#/ai-properties-company?unionId=9`);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await vi.waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(`${MODEL}/model/#/ai-properties-company?unionId=9&token=one-time`));
  });

  it('opens the plain address when no code can be had, and same-origin pages without asking', async () => {
    const tab = { opener: {} as unknown, location: { replace: vi.fn() } };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    post.mockRejectedValue(new Error('登录已失效'));
    openInNewTab(`${MODEL}/model/#/x`);
    await vi.waitFor(() => expect(tab.location.replace).toHaveBeenCalledWith(`${MODEL}/model/#/x`));

    config.modelOrigin = '';
    const plain = vi.spyOn(browser, 'open').mockImplementation(() => undefined);
    openInNewTab('/model/#/newPortal/cocCircle');
    expect(plain).toHaveBeenCalledWith('/model/#/newPortal/cocCircle');
    expect(post).toHaveBeenCalledTimes(1);
  });
});
