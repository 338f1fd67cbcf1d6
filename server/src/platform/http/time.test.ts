import { describe, expect, it } from 'vitest';
import { formatTime } from './time.js';

// formatTime answers from a per-hour table of zone offsets; every answer must be Intl's own.
const intl = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);

const ZONES = ['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/St_Johns', 'Pacific/Chatham'];

describe('formatTime', () => {
  it('is yyyy-MM-dd HH:mm:ss in the display zone, null for nothing or an invalid time', () => {
    expect(formatTime(new Date('2026-11-21T07:16:37.999Z'))).toBe('2026-11-21 15:16:37');
    expect(formatTime('2026-11-21T07:16:37Z', 'UTC')).toBe('2026-11-21 07:16:37');
    expect(formatTime(null)).toBeNull();
    expect(formatTime(undefined)).toBeNull();
    expect(formatTime('not a time')).toBeNull();
  });

  it('agrees with Intl at every second around daylight-saving changes, half-hour ones included', () => {
    const changes = [
      ['America/New_York', '2026-03-08T07:00:00Z'],
      ['America/New_York', '2026-11-01T06:00:00Z'],
      ['Europe/London', '2026-03-29T01:00:00Z'],
      ['Europe/London', '2026-10-25T01:00:00Z'],
      ['Australia/Lord_Howe', '2026-04-04T15:00:00Z'],
      ['America/St_Johns', '2026-03-08T05:30:00Z'],
      ['Pacific/Chatham', '2026-04-05T14:00:00Z'],
    ] as const;
    for (const [zone, at] of changes) {
      const t = Date.parse(at);
      for (let s = -3700; s <= 3700; s += 7) expect(formatTime(new Date(t + s * 1000), zone), `${zone} ${at} ${s}s`).toBe(intl(t + s * 1000, zone));
    }
  });

  it('agrees with Intl on random instants from 1900 to 2100 in several zones', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2100, 0, 1);
    for (let i = 0; i < 4000; i++) {
      const ms = Math.floor(from + next() * (to - from));
      const zone = ZONES[i % ZONES.length];
      expect(formatTime(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toBe(intl(ms, zone));
    }
  });
});
