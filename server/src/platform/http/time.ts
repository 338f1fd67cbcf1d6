/** Times on the wire are `yyyy-MM-dd HH:mm:ss` in the display zone (wire contract §3). */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // sv-SE formats as "2026-11-21 15:16:37".
    f = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    formatters.set(timeZone, f);
  }
  return f;
}

const HOUR = 3_600_000;
const WALL_RE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;
/** Per zone and UTC hour: the zone's offset throughout that hour, or null when it changes within it. */
const offsets = new Map<string, number | null>();
const OFFSETS_KEPT = 20_000;

/** The zone's offset (ms) at whole second `ms`, read from Intl; NaN when its answer is not the usual shape. */
function offsetAt(f: Intl.DateTimeFormat, ms: number): number {
  const m = WALL_RE.exec(f.format(ms));
  if (!m) return NaN;
  return Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6]) - ms;
}

/**
 * The zone's offset for every instant of the UTC hour holding `ms`, or null when it is not one offset
 * (a transition inside the hour). Read from Intl at the hour's first and last second, once per hour.
 */
function hourOffset(timeZone: string, ms: number): number | null {
  const hour = Math.floor(ms / HOUR);
  const key = `${timeZone}|${hour}`;
  const kept = offsets.get(key);
  if (kept !== undefined) return kept;
  const f = formatterOf(timeZone);
  const first = offsetAt(f, hour * HOUR);
  const last = offsetAt(f, hour * HOUR + HOUR - 1000);
  const offset = first === last && Number.isFinite(first) ? first : null;
  if (offsets.size >= OFFSETS_KEPT) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

const two = (n: number) => (n < 10 ? `0${n}` : String(n));

export function formatTime(value: Date | string | null | undefined, timeZone = 'Asia/Shanghai'): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  const ms = date.getTime();
  if (Number.isNaN(ms)) return null;
  // Every row of a page formats its times: Intl's format costs microseconds each, a table of offsets per hour does not.
  const offset = hourOffset(timeZone, ms);
  if (offset !== null) {
    const wall = new Date(ms + offset);
    const y = wall.getUTCFullYear();
    if (y >= 1000 && y <= 9999) {
      return `${y}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`;
    }
  }
  return formatterOf(timeZone).format(date);
}
