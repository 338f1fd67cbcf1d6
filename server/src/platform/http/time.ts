/** Times on the wire are `yyyy-MM-dd HH:mm:ss` in the display zone (wire contract §3). */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatTime(value: Date | string | null | undefined, timeZone = 'Asia/Shanghai'): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return null;
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
  return f.format(date);
}
