import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Banner, BANNER_INTERVAL_MS } from './Banner';

const active = () => screen.getAllByTestId(/^banner-slide-/).find((el) => el.dataset.active === 'true')?.dataset.testid;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('banner carousel (specification §4)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('alternates the two banners every 5 s', () => {
    render(<Banner />);
    expect(active()).toBe('banner-slide-1');
    tick(BANNER_INTERVAL_MS - 1);
    expect(active()).toBe('banner-slide-1');
    tick(1);
    expect(active()).toBe('banner-slide-2');
    tick(BANNER_INTERVAL_MS);
    expect(active()).toBe('banner-slide-1');
  });

  it('hovering pauses and shows arrows that toggle; leaving resumes', () => {
    render(<Banner />);
    expect(screen.queryByTestId('banner-next')).toBeNull();
    fireEvent.mouseEnter(screen.getByTestId('banner'));
    tick(BANNER_INTERVAL_MS * 3);
    expect(active()).toBe('banner-slide-1');

    fireEvent.click(screen.getByTestId('banner-next'));
    expect(active()).toBe('banner-slide-2');
    fireEvent.click(screen.getByTestId('banner-next'));
    expect(active()).toBe('banner-slide-1');
    fireEvent.click(screen.getByTestId('banner-prev'));
    expect(active()).toBe('banner-slide-2');

    fireEvent.mouseLeave(screen.getByTestId('banner'));
    expect(screen.queryByTestId('banner-prev')).toBeNull();
    tick(BANNER_INTERVAL_MS);
    expect(active()).toBe('banner-slide-1');
  });

  it('keyboard focus pauses it and shows the arrows; focus leaving resumes', () => {
    render(<Banner />);
    fireEvent.focus(screen.getByTestId('banner-slide-1'));
    tick(BANNER_INTERVAL_MS * 2);
    expect(active()).toBe('banner-slide-1');
    fireEvent.click(screen.getByTestId('banner-next'));
    expect(active()).toBe('banner-slide-2');
    fireEvent.blur(screen.getByTestId('banner-slide-1'), { relatedTarget: screen.getByTestId('banner-next') });
    expect(screen.getByTestId('banner-next')).toBeTruthy(); // focus moved to an arrow: still paused
    fireEvent.blur(screen.getByTestId('banner-next'), { relatedTarget: document.body });
    expect(screen.queryByTestId('banner-next')).toBeNull();
    tick(BANNER_INTERVAL_MS);
    expect(active()).toBe('banner-slide-1');
  });

  it('an arrow clicked with the mouse does not keep it paused: leaving with the mouse resumes', () => {
    render(<Banner />);
    const banner = screen.getByTestId('banner');
    fireEvent.mouseEnter(banner);
    const next = screen.getByTestId('banner-next');
    fireEvent.pointerDown(next);
    fireEvent.focus(next);
    fireEvent.pointerUp(next);
    fireEvent.click(next);
    expect(active()).toBe('banner-slide-2');
    fireEvent.mouseLeave(banner);
    expect(screen.queryByTestId('banner-next')).toBeNull();
    tick(BANNER_INTERVAL_MS);
    expect(active()).toBe('banner-slide-1');
  });

  it('opens the chamber circle and the large screen of the second front end in a new tab', () => {
    render(<Banner />);
    const one = screen.getByTestId('banner-slide-1');
    const two = screen.getByTestId('banner-slide-2');
    expect(one.getAttribute('href')).toBe('/model/#/newPortal/cocCircle');
    expect(two.getAttribute('href')).toBe('/model/#/subapp/coc-large-screen');
    expect(one.getAttribute('target')).toBe('_blank');
    expect(one.textContent).toContain('商会圈');
    expect(two.textContent).toContain('商会大屏');
  });
});
