import { render } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

const subscribers = new Map<string, (data: unknown, event: { id: string | null; type: string }) => void>();
const unsubscribed: string[] = [];
vi.mock('../api/events', () => ({
  liveEvents: {
    subscribe: (type: string, handler: (data: unknown, event: { id: string | null; type: string }) => void) => {
      subscribers.set(type, handler);
      return () => {
        unsubscribed.push(type);
        subscribers.delete(type);
      };
    },
  },
}));

const { useLiveEvent } = await import('./liveEvents');

function Badge({ onCount }: { onCount: (n: number) => void }) {
  const [base] = useState(100);
  useLiveEvent<{ count: number }>('msg.unread-count', (d) => onCount(base + d.count));
  return null;
}

describe('useLiveEvent', () => {
  it('subscribes while mounted, calls the newest handler, and unsubscribes on unmount', () => {
    const first = vi.fn();
    const second = vi.fn();
    const view = render(<Badge onCount={first} />);
    subscribers.get('msg.unread-count')!({ count: 1 }, { id: '1', type: 'msg.unread-count' });
    expect(first).toHaveBeenCalledWith(101);
    view.rerender(<Badge onCount={second} />);
    subscribers.get('msg.unread-count')!({ count: 2 }, { id: '2', type: 'msg.unread-count' });
    expect(second).toHaveBeenCalledWith(102);
    expect(first).toHaveBeenCalledTimes(1);
    view.unmount();
    expect(unsubscribed).toContain('msg.unread-count');
    expect(subscribers.has('msg.unread-count')).toBe(false);
  });
});
