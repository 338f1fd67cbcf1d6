import { useEffect, useRef, useState } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { modelUrl } from '../../config';
import { followModelLink } from './links';
import './banner.css';

/** Banner switch interval (specification §9). */
export const BANNER_INTERVAL_MS = 5000;

interface Slide {
  title: string;
  caption: string;
  /** The second front end's hash route the banner opens in a new tab (specification §2). */
  route: string;
  art: 'circle' | 'screen';
}

const SLIDES: Slide[] = [
  { title: '商会圈', caption: '商会动态 · 交流互动', route: '/newPortal/cocCircle', art: 'circle' },
  { title: '商会大屏', caption: '商会数据 · 一屏总览', route: '/subapp/coc-large-screen', art: 'screen' },
];

function Art({ kind }: { kind: Slide['art'] }) {
  return kind === 'circle' ? (
    <svg viewBox="0 0 48 48" className="banner__art" aria-hidden="true">
      <circle cx="24" cy="24" r="20" fill="none" stroke="currentColor" strokeWidth="2" opacity=".5" />
      <circle cx="24" cy="14" r="5" fill="currentColor" />
      <circle cx="14" cy="30" r="5" fill="currentColor" opacity=".8" />
      <circle cx="34" cy="30" r="5" fill="currentColor" opacity=".8" />
    </svg>
  ) : (
    <svg viewBox="0 0 48 48" className="banner__art" aria-hidden="true">
      <rect x="5" y="9" width="38" height="25" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <rect x="11" y="22" width="5" height="8" fill="currentColor" />
      <rect x="20" y="17" width="5" height="13" fill="currentColor" opacity=".85" />
      <rect x="29" y="13" width="5" height="17" fill="currentColor" opacity=".7" />
      <path d="M18 40h12M24 34v6" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}

/**
 * The header's rotating banner (specification §4): two banners alternate every 5 s; hovering
 * pauses and shows arrows that toggle the banner; leaving resumes. Keyboard focus inside the banner
 * pauses it and shows the arrows the same way (moving content a keyboard user can stop, WCAG 2.2.2);
 * focus that a mouse click gives (an arrow clicked) does not, so leaving with the mouse still resumes.
 * Each opens the second front end.
 */
export function Banner() {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  /** A pointer press is under way inside the banner: the focus it gives is not keyboard focus. */
  const pressing = useRef(false);
  const root = useRef<HTMLDivElement>(null);

  // Mounted (or mounted again) under a pointer that is already there: no mouseenter comes, so ask.
  useEffect(() => {
    if (root.current?.matches(':hover')) setHovered(true);
  }, []);
  const paused = hovered || focused;
  const step = (delta: number) => setIndex((i) => (i + delta + SLIDES.length) % SLIDES.length);

  useEffect(() => {
    if (paused) return;
    const id = setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), BANNER_INTERVAL_MS);
    return () => clearInterval(id);
  }, [paused]);

  return (
    <div
      ref={root}
      className="banner"
      data-testid="banner"
      data-paused={paused}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onPointerDown={() => {
        pressing.current = true;
      }}
      onPointerUp={() => {
        pressing.current = false;
      }}
      onFocus={() => {
        if (!pressing.current) setFocused(true);
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      {SLIDES.map((slide, i) => (
        <a
          key={slide.route}
          className={`banner__slide banner__slide--${slide.art}`}
          href={modelUrl(slide.route)}
          onClick={(e) => followModelLink(e, modelUrl(slide.route))}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={`banner-slide-${i + 1}`}
          data-active={i === index}
          aria-current={i === index ? 'true' : undefined}
          aria-hidden={i !== index}
          tabIndex={i === index ? 0 : -1}
        >
          <Art kind={slide.art} />
          <span className="banner__text">
            <strong>{slide.title}</strong>
            <small>{slide.caption}</small>
          </span>
        </a>
      ))}
      {paused && (
        <>
          <button type="button" className="banner__arrow banner__arrow--prev" aria-label="上一张" data-testid="banner-prev" onClick={() => step(-1)}>
            <LeftOutlined />
          </button>
          <button type="button" className="banner__arrow banner__arrow--next" aria-label="下一张" data-testid="banner-next" onClick={() => step(1)}>
            <RightOutlined />
          </button>
        </>
      )}
    </div>
  );
}
