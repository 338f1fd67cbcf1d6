import { Suspense, useRef, type ReactNode } from 'react';
import { NavigationType, UNSAFE_LocationContext as LocationContext, useLocation, useOutlet, type Location } from 'react-router';
import { Spin } from 'antd';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { useTabs } from './tabStore';

interface Cached {
  element: ReactNode;
  location: Location;
}

function PageSpin() {
  return (
    <div className="page-spin">
      <Spin />
    </div>
  );
}

function Pane({ children, visible, location }: { children: ReactNode; visible: boolean; location: Location }) {
  return (
    <div className="keep-alive-pane" data-active={visible} style={visible ? undefined : { display: 'none' }}>
      {/* Each page keeps seeing its own URL while hidden, not the active tab's. */}
      <LocationContext.Provider value={{ location, navigationType: NavigationType.Pop }}>
        <ErrorBoundary>
          <Suspense fallback={<PageSpin />}>{children}</Suspense>
        </ErrorBoundary>
      </LocationContext.Provider>
    </div>
  );
}

/**
 * Keep-alive for tabs (specification §2): the routed element of every open tab is rendered once and
 * kept; inactive tabs are hidden with display:none, so switching tabs never remounts a page and its
 * state (typed input, scroll, paging) survives. Closing a tab drops its element. Routes that make no
 * tab (isTab false) render normally and are not kept.
 */
export function KeepAliveOutlet({ active, keep }: { active: string; keep: boolean }) {
  const outlet = useOutlet();
  const location = useLocation();
  const tabs = useTabs();
  const cache = useRef(new Map<string, Cached>()).current;

  const open = new Set(tabs.map((t) => t.value));
  for (const value of [...cache.keys()]) {
    if (value !== active && !open.has(value)) cache.delete(value);
  }
  if (keep && outlet && !cache.has(active)) cache.set(active, { element: outlet, location });

  return (
    <>
      {[...cache].map(([value, entry]) => (
        <Pane key={value} visible={keep && value === active} location={entry.location}>
          {entry.element}
        </Pane>
      ))}
      {!keep && (
        <Pane key={`transient:${active}`} visible location={location}>
          {outlet}
        </Pane>
      )}
    </>
  );
}
